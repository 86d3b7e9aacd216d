-- Captcha challenges of the registration form (SPEC §2, §7). Only hashes are stored: the token travels to the browser
-- and back, and the answer is hashed with the token, so a copy of this table reveals neither.
-- Depends on no other migration (0003 is written concurrently and may land in any order of review).
create table captcha_challenge (
  -- sha256 (hex) of the random token the browser receives.
  token_hash char(64) primary key,
  -- sha256 (hex) of "<token>:<ANSWER>": keyed by the token, so it cannot be brute-forced without it.
  answer_hash char(64) not null,
  language text not null check (language in ('IT', 'EN')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set at the first verification attempt, right or wrong: a challenge is single-use.
  consumed_at timestamptz
);

-- The periodic purge deletes by expiry.
create index captcha_challenge_expires_at_idx on captcha_challenge (expires_at);
