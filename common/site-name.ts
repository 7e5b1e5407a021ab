/** The product's name, in every language (page titles, footer, structured data). */
export const SITE_NAME = 'NewsReader English';
