/**
 * Whether this browser turns the server's `<template shadowrootmode>` into a shadow root while it
 * parses the page (Chrome 111+, Safari 16.4+, Firefox 123+). Where it does not, the template stays
 * inert and the app writes the body itself.
 */
export function parsesDeclarativeShadowRoots(): boolean {
  return typeof HTMLTemplateElement !== 'undefined' && Object.hasOwn(HTMLTemplateElement.prototype, 'shadowRootMode');
}
