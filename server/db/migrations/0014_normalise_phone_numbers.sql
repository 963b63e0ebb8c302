-- Phone numbers in one form (issue 20): every stored number that is a Bangladesh mobile number, however it was
-- typed (01712345678, +880 1712-345678, 8801712345678, 0088 01712 345678, Bangla digits), becomes
-- `+880 1712-345678`, as src/domain/phone.ts writes new ones. Numbers it cannot read as one (landlines, other
-- countries) stay as they are; the app still dials them. updated_at is not touched: the app shows every number
-- in the one form whatever its copy holds, and a change date would make old ads look freshly edited.
CREATE FUNCTION pg_temp.basha_bd_mobile(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN latin ~ '^\s*\+?[0-9\s().-]+$'
      AND regexp_replace(latin, '[^0-9]', '', 'g') ~ '^(00)?(880)?0?1[13-9][0-9]{8}$'
    THEN '+880 ' || substr(right(regexp_replace(latin, '[^0-9]', '', 'g'), 10), 1, 4) || '-'
      || substr(right(regexp_replace(latin, '[^0-9]', '', 'g'), 10), 5)
    ELSE typed
  END
  FROM (SELECT translate(typed, '০১২৩৪৫৬৭৮৯', '0123456789') AS latin) AS t
$$;
--> statement-breakpoint
UPDATE users SET phone_number = pg_temp.basha_bd_mobile(phone_number)
WHERE phone_number IS DISTINCT FROM pg_temp.basha_bd_mobile(phone_number);
--> statement-breakpoint
UPDATE rent_posts SET contact_info = pg_temp.basha_bd_mobile(contact_info)
WHERE contact_info IS DISTINCT FROM pg_temp.basha_bd_mobile(contact_info);
--> statement-breakpoint
UPDATE services SET contact_number = pg_temp.basha_bd_mobile(contact_number)
WHERE contact_number IS DISTINCT FROM pg_temp.basha_bd_mobile(contact_number);
--> statement-breakpoint
DROP FUNCTION pg_temp.basha_bd_mobile(text);
