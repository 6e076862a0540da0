import { Link } from 'react-router';
import { type HumanitarianCase, casePath, excerpt } from '../../../contracts/cases';
import { useT } from '../../i18n/i18n';

/**
 * SPEC §2's humanitarian case card: the first active case, its story cut at 250 characters with a 'see more'
 * disclosure (native, so it needs no script).
 */
export function HelpCaseCard({ helpCase }: { helpCase: HumanitarianCase }) {
  const t = useT();
  const short = excerpt(helpCase.case_description);
  return (
    <section aria-labelledby="checkout-case-title" className="rounded-lg border border-line bg-white p-5">
      <h2 id="checkout-case-title" className="font-serif text-xl font-bold">
        {t('checkout.case.title')}
      </h2>
      <div className="mt-3 flex gap-4">
        <img
          src={helpCase.thumbnail}
          alt=""
          width={120}
          height={80}
          loading="lazy"
          className="h-20 w-28 shrink-0 rounded object-cover"
        />
        <div className="min-w-0">
          <p className="font-semibold">{helpCase.case_title}</p>
          <p className="text-sm text-muted">{helpCase.beneficiary_name}</p>
        </div>
      </div>
      {short === helpCase.case_description ? (
        <p className="mt-3 text-sm">{short}</p>
      ) : (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">
            <span>{short}</span> <span className="font-semibold text-brand underline">{t('checkout.case.more')}</span>
          </summary>
          <p className="mt-2">{helpCase.case_description}</p>
        </details>
      )}
      <Link discover="none" to={casePath(helpCase)} className="mt-2 inline-block text-sm text-brand underline">
        {t('checkout.case.link')}
      </Link>
    </section>
  );
}
