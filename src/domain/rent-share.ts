import { formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import { rentAdTitle, rentPerFrequency, type RentPost } from './rent-post';

/**
 * What a shared rent ad says beside its link, in the sharer's language: its title and its price
 * ("ফ্ল্যাট, মিরপুর, ঢাকা — ৳১৮,০০০/মাস", "Flat, Mirpur, Dhaka — BDT 18,000/monthly").
 */
export function rentShareText(
  post: Parameters<typeof rentAdTitle>[0] & Pick<RentPost, 'cost' | 'rentPaymentFrequency'>,
  locale: Locale,
): string {
  return m.share_rent_text(
    {
      title: rentAdTitle(post, locale),
      price: formatTaka(post.cost, locale),
      per: rentPerFrequency(post.rentPaymentFrequency, locale),
    },
    { locale },
  );
}
