import { categoryLabel } from '../../../common/labels';
import type { TextLanguage } from '../../../common/languages';

export function CategoryTags({
  categories,
  textLanguage,
  label,
}: {
  categories: readonly string[];
  textLanguage: TextLanguage;
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {categories.map((category) => (
        <li key={category} className="tag">
          {categoryLabel(category, textLanguage)}
        </li>
      ))}
    </ul>
  );
}
