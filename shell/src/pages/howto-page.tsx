import { useTranslation } from 'react-i18next';

const REQUIREMENTS = [
  'howto.requirementValue',
  'howto.requirementUse',
  'howto.requirementDocument',
  'howto.requirementExit',
] as const;

/** docs/domain.md: the prerequisites of a tax-free invoice, and what happens at the exit point. */
export function HowToPage() {
  const { t } = useTranslation('common');
  return (
    <section className="container py-5" aria-labelledby="howto-title">
      <h1 id="howto-title">{t('howto.title')}</h1>
      <p className="lead">{t('howto.lead')}</p>
      <ul className="varco-requirements" data-testid="requirements">
        {REQUIREMENTS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <h2 className="h4 mt-4">{t('howto.exitTitle')}</h2>
      <ul>
        <li>{t('howto.greenChannel')}</li>
        <li>{t('howto.redChannel')}</li>
      </ul>
    </section>
  );
}
