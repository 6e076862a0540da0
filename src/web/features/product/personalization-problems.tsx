import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import type { PersonalizationRefusal } from '../cart/cart-answer';

/** A personalisation refused after a post without JavaScript: what each input lacks, and the way back to it. */
export function PersonalizationProblems({ problems }: { problems: PersonalizationRefusal }) {
  const t = useT();
  return (
    <>
      <ul className="mt-2 list-disc pl-5">
        {problems.fields.map((p) => (
          <li key={p.label}>
            <span className="font-semibold">{p.label}:</span> {p.message}
          </li>
        ))}
      </ul>
      <Link discover="none" to={problems.backTo} className="mt-2 inline-block font-semibold underline">
        {t('personalization.backToProduct')}
      </Link>
    </>
  );
}
