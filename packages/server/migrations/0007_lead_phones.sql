-- Phone numbers by country (issue #31): a lead keeps the number as typed (`phone`) and, beside it,
-- the number in E.164 read in its site's country (`@lead/contract/phone`), which exports,
-- deliveries and duplicates use. Leads stored before: the numbers typed with their country code
-- ('+84 912 345 678') are read here; a national form ('0912…') needs the country's rules and
-- stays as typed only.
ALTER TABLE leads ADD COLUMN phone_e164 text;
UPDATE leads SET phone_e164 = '+' || regexp_replace(phone, '[^0-9]', '', 'g')
WHERE phone ~ '^\s*\+[0-9 ().-]{6,24}$' AND length(regexp_replace(phone, '[^0-9]', '', 'g')) BETWEEN 8 AND 15;
