/** The shop's public contact details, from configuration (never hard-coded in pages). */
export interface ShopContact {
  email: string;
  phone: string;
  phone2: string;
  address: string;
  social: { facebook: string; instagram: string; youtube: string };
}
