/** SPEC §3 coupon; `endTime` is an ISO instant, `minimumAmount` in bani. */
export interface Coupon {
  id: number;
  title: string;
  logo: string;
  couponCode: string;
  endTime: string;
  discountPercentage: number;
  minimumAmount: number;
  productType: string;
}

/** SPEC §9: the "Copied!" indicator stays 3 seconds. */
export const COPIED_INDICATOR_MS = 3000;

/** SPEC §4: a coupon is active until its endTime, inactive after. */
export function isCouponActive(coupon: Pick<Coupon, 'endTime'>, now: Date): boolean {
  return Date.parse(coupon.endTime) > now.getTime();
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the end time has passed; every part is then 0. */
  ended: boolean;
}

/** Time left until `endTime`, in whole units, counted down to the second. */
export function countdown(endTime: string, now: Date): Countdown {
  const left = Math.max(0, Math.floor((Date.parse(endTime) - now.getTime()) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: left === 0,
  };
}
