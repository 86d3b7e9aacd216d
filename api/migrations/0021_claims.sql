-- A traveler's claim to a merchant about an invoice (docs/domain.md, "Claims"): one that never reached them (issued
-- to a mistyped document, say) or one whose data is wrong, answered by the merchant through its API.

-- Where a merchant is told of a new claim, and in which of the twelve languages; set at seed and by the merchant's own
-- call (PUT /api/v1/merchant/contact). Without an address the merchant reads its open claims with its key.
alter table merchant
  add column contact_email text,
  add column contact_language text not null default 'IT',
  add constraint merchant_contact_language_check
    check (contact_language in ('IT', 'EN', 'ZH-HANS', 'ES', 'FR', 'DE', 'AR', 'JA', 'KO', 'RU', 'PT-BR', 'TR'));

-- The shops that issue through Varco, as a traveler finds them by the name or the VAT number on a receipt: every vendor,
-- with the merchant whose key issues its invoices (the vendor itself, or the broker that last issued for it), under the
-- name its latest invoice gave. Kept by the database as merchants and invoices are written, whatever code writes them.
create table shop (
  vat_number text primary key,
  name text not null,
  merchant_id integer not null references merchant (id),
  updated_at timestamptz not null default now()
);

-- A shop row is written only when it changes: the common case, a vendor issuing again, reads it and locks nothing.
create function shop_issued(vat text, shop_name text, issuer integer) returns void
language plpgsql as $$
begin
  if not exists (select 1 from shop where vat_number = vat and name = shop_name and merchant_id = issuer) then
    insert into shop (vat_number, name, merchant_id) values (vat, shop_name, issuer)
    on conflict (vat_number) do update set name = excluded.name, merchant_id = excluded.merchant_id, updated_at = now();
  end if;
end
$$;

create function shop_of_invoice() returns trigger
language plpgsql as $$
begin
  perform shop_issued(new.vendor_vat_number, new.vendor_name, new.merchant_id);
  return null;
end
$$;

create trigger invoice_shop after insert on invoice for each row execute function shop_of_invoice();

create function shop_of_vendor() returns trigger
language plpgsql as $$
begin
  if new.kind = 'VENDOR' then
    insert into shop (vat_number, name, merchant_id) values (new.vat_number, new.name, new.id)
    on conflict (vat_number) do nothing;
  end if;
  return null;
end
$$;

create trigger merchant_shop after insert on merchant for each row execute function shop_of_vendor();

insert into shop (vat_number, name, merchant_id, updated_at)
  select distinct on (i.vendor_vat_number) i.vendor_vat_number, i.vendor_name, i.merchant_id, i.created_at
  from invoice i
  order by i.vendor_vat_number, i.created_at desc, i.id desc;
insert into shop (vat_number, name, merchant_id)
  select vat_number, name, id from merchant where kind = 'VENDOR'
  on conflict (vat_number) do nothing;

create table claim (
  id integer generated always as identity primary key,
  -- The public code (CL-<year>-<8 characters>): the one thing the merchant's mail names.
  code text not null,
  traveler_id integer not null references traveler (id) on delete cascade,
  merchant_id integer not null references merchant (id),
  -- MISSING: an invoice the traveler holds the receipt of but does not see; WRONG: one of theirs whose data is wrong.
  kind text not null check (kind in ('MISSING', 'WRONG')),
  -- The shop and the invoice as the receipt shows them (MISSING), or as the invoice has them (WRONG).
  vendor_vat_number text not null,
  vendor_name text not null,
  invoice_number text not null,
  issue_date date not null,
  total_amount numeric(12, 2) not null,
  problem text check (problem in ('NAME', 'DOCUMENT', 'GOODS_AMOUNTS', 'OTHER')),
  note text,
  -- The merchant's invoice the claim is about: the traveler's own (WRONG), or the merchant's invoice the receipt names,
  -- whoever holds it (MISSING). Only the merchant reads it.
  invoice_id integer references invoice (id),
  -- The traveler's name and travel document as their account held them when the claim was sent: what a reissued
  -- invoice is written to.
  traveler_name text not null,
  document_type text not null references document_type (code),
  document_country text not null references country (code),
  document_number text not null,
  state text not null default 'OPEN' check (state in ('OPEN', 'REISSUED', 'DECLINED', 'WITHDRAWN')),
  decline_reason text check (decline_reason in ('NO_SUCH_INVOICE', 'DATA_CORRECT', 'ALREADY_CORRECTED', 'NOT_ELIGIBLE', 'OTHER')),
  answer_note text,
  reissued_invoice_id integer references invoice (id),
  created_at timestamptz not null default now(),
  -- When the merchant answered it or the traveler withdrew it.
  closed_at timestamptz,
  check ((kind = 'WRONG') = (problem is not null)),
  check ((state = 'DECLINED') = (decline_reason is not null)),
  check ((state = 'REISSUED') = (reissued_invoice_id is not null)),
  check ((state = 'OPEN') = (closed_at is null))
);

create unique index claim_code_key on claim (code);
-- One open claim per traveler and invoice of a shop: a second one (or two sent at once) is refused.
create unique index claim_open_key on claim (traveler_id, vendor_vat_number, upper(invoice_number)) where state = 'OPEN';
-- The traveler's claims, newest first.
create index claim_traveler_idx on claim (traveler_id, created_at desc, id desc);
-- A merchant's claims by state, oldest first (its queue of open ones).
create index claim_merchant_idx on claim (merchant_id, state, created_at, id);
