-- The portal speaks twelve languages (shared/contracts/src/language.ts): every column that keeps a language accepts
-- the twelve codes the api is sent. IT and EN keep their meaning, so the rows already stored stay valid.
alter table mail_outbox
  drop constraint mail_outbox_language_check,
  add constraint mail_outbox_language_check
    check (language in ('IT', 'EN', 'ZH-HANS', 'ES', 'FR', 'DE', 'AR', 'JA', 'KO', 'RU', 'PT-BR', 'TR'));

alter table captcha_challenge
  drop constraint captcha_challenge_language_check,
  add constraint captcha_challenge_language_check
    check (language in ('IT', 'EN', 'ZH-HANS', 'ES', 'FR', 'DE', 'AR', 'JA', 'KO', 'RU', 'PT-BR', 'TR'));

alter table traveler
  drop constraint traveler_language_check,
  add constraint traveler_language_check
    check (language in ('IT', 'EN', 'ZH-HANS', 'ES', 'FR', 'DE', 'AR', 'JA', 'KO', 'RU', 'PT-BR', 'TR'));
