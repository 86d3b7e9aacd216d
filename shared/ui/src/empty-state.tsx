import { useTranslation } from 'react-i18next';

export type EmptyKind = 'invoices' | 'visas' | 'notifications' | 'results';

const EMPTY_KEYS: Record<EmptyKind, string> = {
  invoices: 'empty.invoices',
  visas: 'empty.visas',
  notifications: 'empty.notifications',
  results: 'empty.results',
};

/** The empty states of docs/screens.md (the callout's inner box brings its own margins). */
export function EmptyState({ kind }: { kind: EmptyKind }) {
  const { t } = useTranslation('common');
  return (
    <div className="callout note" role="status" data-testid={`empty-${kind}`}>
      <div className="callout-inner">
        <p className="mb-0">{t(EMPTY_KEYS[kind])}</p>
      </div>
    </div>
  );
}
