import type { ReactNode } from 'react';
import { readTypedNumber } from '@/domain/typed-number';
import { formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';

/**
 * What an amount typed into a field reads as, for the line under it (issue 39): the amount as Basha writes it
 * ("৳১৮,০০০", "BDT 18,000"), or why it reads as no number. Nothing while the field is blank, or while a group is
 * still being typed ("18,"), or for a fraction (the form's rule then asks for whole taka). No form library here:
 * the lists' price filters show it too.
 */
export function amountEcho(text: string): ReactNode {
  const read = readTypedNumber(text);
  if (read.kind === 'blank') return undefined;
  if (read.kind === 'number') {
    return Number.isInteger(read.value) ? <span className="number-echo">{formatTaka(read.value)}</span> : undefined;
  }
  if (/[,.\s]$/u.test(text)) return undefined;
  return (
    <span className="number-echo number-echo--problem">
      {read.reason === 'grouping' ? m.form_number_grouping() : m.form_number_unreadable()}
    </span>
  );
}
