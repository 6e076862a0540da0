/** Where the parcel goes, as the order keeps it: one line to show and the parts (home, depot, locker or agency). */
export interface DeliverySnapshot {
  kind: 'home' | 'pickup' | 'locker' | 'agency';
  line: string;
  recipient: string;
  phone: string;
  country_id: string;
  parts: Record<string, unknown>;
}
