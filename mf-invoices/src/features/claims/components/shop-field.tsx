import { useEffect, useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  SHOP_QUERY_MAX_LENGTH,
  SHOP_QUERY_MIN_LENGTH,
  type MissingInvoiceClaimValues,
  type Shop,
} from '@varco/contracts/claims';
import { FieldIssue } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useShops } from '../api/get-shops';

/** How long the search waits after the last key before asking (a traveler types a name in a few keys). */
const SEARCH_DELAY_MS = 300;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The shop of the receipt (the form's `shop`: its VAT number): a search by its name or VAT number among the shops that
 * issue through Varco, then one of those found, chosen with a radio button. How many were found is said as they arrive;
 * the field's issue sits under the search, where the keyboard is sent when the shop is missing.
 */
export function ShopField() {
  const { t } = useTranslation(NS);
  const id = useId();
  const { trigger } = useFormContext<MissingInvoiceClaimValues>();
  const { field, fieldState } = useController<MissingInvoiceClaimValues, 'shop'>({ name: 'shop' });
  const [text, setText] = useState('');
  const settled = useSettled(text, SEARCH_DELAY_MS);
  const shops = useShops(settled);
  const found = shops.data?.shops;
  // The shop chosen stays among the choices while the traveler searches again.
  const [chosen, setChosen] = useState<Shop | undefined>();
  const options = [
    ...(chosen && !found?.some((shop) => shop.vatNumber === chosen.vatNumber) ? [chosen] : []),
    ...(found ?? []),
  ];

  const choose = (shop: Shop) => {
    setChosen(shop);
    field.onChange(shop.vatNumber);
    if (fieldState.error) void trigger('shop');
  };

  const searching = settled.trim().length >= SHOP_QUERY_MIN_LENGTH;
  let status = '';
  if (searching && shops.isFetching) status = t('claims.missing.searching');
  else if (searching && shops.isError) status = t('claims.missing.searchError');
  else if (searching && found)
    status = found.length === 0 ? t('claims.missing.noShop') : t('claims.missing.shopsFound', { count: found.length });

  const issueId = `${id}-issue`;
  return (
    <div className="mb-4" data-testid="shop-field">
      <div className="form-group mb-3">
        <label htmlFor={`${id}-search`} className="active">
          {t('claims.missing.shopSearch')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${id}-search`}
          ref={options.length === 0 ? field.ref : undefined}
          type="search"
          className={`form-control${fieldState.error ? ' is-invalid' : ''}`}
          value={text}
          maxLength={SHOP_QUERY_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          aria-required
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={[`${id}-hint`, `${id}-status`, fieldState.error ? issueId : ''].join(' ').trim()}
        />
        <small id={`${id}-hint`} className="form-text d-block">
          {t('claims.missing.shopHint')}
        </small>
        {fieldState.error ? <FieldIssue id={issueId} error={fieldState.error} /> : null}
        <p id={`${id}-status`} className="small mb-0 mt-1" role="status" data-testid="shop-search-status">
          {status}
        </p>
      </div>
      {options.length > 0 ? (
        <fieldset>
          <legend className="h6 mb-3">{t('claims.missing.shopLegend')}</legend>
          {options.map((shop, index) => (
            <div className="form-check" key={shop.vatNumber}>
              <input
                id={`${id}-shop-${index}`}
                ref={index === 0 ? field.ref : undefined}
                type="radio"
                name={field.name}
                value={shop.vatNumber}
                checked={field.value === shop.vatNumber}
                onChange={() => choose(shop)}
                aria-describedby={fieldState.error ? issueId : undefined}
              />
              <label htmlFor={`${id}-shop-${index}`}>
                <span dir="auto">{shop.name}</span>{' '}
                <span className="text-muted small text-nowrap">
                  {t('claims.missing.vatNumber', { vat: shop.vatNumber })}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
