-- Travel document numbers are stored without spaces and in capitals, as the merchants' invoices carry them: the
-- invoices of a traveler are found by that number. Numbers registered with spaces before are brought in line, unless
-- another account already holds the compact number (left as it is: an operator decides which account is right).
update traveler t
set numero_documento = upper(regexp_replace(t.numero_documento, '\s', '', 'g')), updated_at = now()
where t.numero_documento <> upper(regexp_replace(t.numero_documento, '\s', '', 'g'))
  and not exists (
    select 1 from traveler o
    where o.id <> t.id
      and o.tipo_documento is not distinct from t.tipo_documento
      and o.paese_documento is not distinct from t.paese_documento
      and upper(o.numero_documento) = upper(regexp_replace(t.numero_documento, '\s', '', 'g'))
  );
