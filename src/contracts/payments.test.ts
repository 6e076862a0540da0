import { describe, expect, it } from 'vitest';
import { paymentReturnSchema, verify3dsSchema } from './payments';

describe('the values NETOPIA sends back', () => {
  it('refuses control characters (a NUL reached PostgreSQL as a 500: fuzz seed 385935987)', () => {
    for (const query of [
      { xid: '1', ntpID: '\u0000' },
      { xid: 'a\u0000' },
      { xid: '1', orderId: "' or 1=1--\u001b" },
    ]) {
      expect(paymentReturnSchema.safeParse(query).success).toBe(false);
    }
    expect(verify3dsSchema.safeParse({ authenticationToken: 't', ntpID: 'a\u0000b' }).success).toBe(false);
  });

  it('keeps what a real return carries', () => {
    expect(paymentReturnSchema.parse({ xid: '42', ntpID: ' 1234567 ', orderId: "' or 1=1--" })).toEqual({
      xid: '42',
      ntpID: '1234567',
      orderId: "' or 1=1--",
    });
  });
});
