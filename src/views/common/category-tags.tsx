import { categoryLabel, type SharedTexts } from '../../../common/shared-texts';

export function CategoryTags({
  categories,
  names,
  label,
}: {
  categories: readonly string[];
  /** The page language's category names. */
  names: SharedTexts['categories'];
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {categories.map((category) => (
        <li key={category} className="tag">
          {categoryLabel(category, names)}
        </li>
      ))}
    </ul>
  );
}
