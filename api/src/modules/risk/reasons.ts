import { toLocale, type ServerLanguage } from '@varco/contracts';
import type { RiskReason } from '../../db/types';
import { catalogues, translate, type MessageKey } from '../../i18n/messages';

/** Placeholders that hold euro amounts (formatted per locale: it-IT `10.000,00 €`, en-US `€10,000.00`, fr-FR `10 000,00 €`). */
const AMOUNT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'risk.totalAbove': ['total', 'threshold'],
  'risk.largeInvoice': ['max', 'threshold'],
};

/** One formatter per language, built at its first use. Thousands always grouped, as the portal writes amounts. */
const formatters = new Map<ServerLanguage, Intl.NumberFormat>();
function money(language: ServerLanguage): Intl.NumberFormat {
  let kept = formatters.get(language);
  if (!kept) {
    kept = new Intl.NumberFormat(toLocale(language), { style: 'currency', currency: 'EUR', useGrouping: 'always' });
    formatters.set(language, kept);
  }
  return kept;
}

const isMessageKey = (key: string): key is MessageKey => key in catalogues.EN;

/**
 * A reason of the risk analysis (stored as catalogue key + values in `visa_request.risk_reasons`) as a sentence in
 * `language`, amounts formatted per locale. A key the catalogue no longer has is shown as is rather than failing.
 */
export function describeRiskReason(reason: RiskReason, language: ServerLanguage): string {
  if (!isMessageKey(reason.key)) return reason.key;
  return translate(language, reason.key, riskReasonValues(reason, language));
}

/** A reason's values as its sentence shows them in `language`: amounts as euros in the language's locale. */
export function riskReasonValues(reason: RiskReason, language: ServerLanguage): Record<string, string | number> {
  const params: Record<string, string | number> = { ...(reason.params ?? {}) };
  for (const name of AMOUNT_PARAMS[reason.key] ?? []) {
    const value = params[name];
    if (typeof value === 'number') params[name] = money(language).format(value);
  }
  return params;
}

/** Every reason as a sentence (see describeRiskReason). */
export function describeRiskReasons(
  reasons: readonly RiskReason[] | null | undefined,
  language: ServerLanguage,
): string[] {
  return (reasons ?? []).map((reason) => describeRiskReason(reason, language));
}
