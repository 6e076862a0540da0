import type { OrderStatus, PaymentState } from './checkout';

/** SPEC §3 Order (history): one order as the profile's "Comenzile mele" and the guest's link show it. */
export interface OrderHistoryItem {
  id: number;
  order_ref_number: string;
  /** ISO instant (UTC); shown in Bucharest time. */
  created_at: string;
  delivery_address: string;
  /** Bani RON. */
  billing_total_amount: number;
  status: OrderStatus;
  payment_state: PaymentState;
  payment_method: string;
  carrier_name: string;
  tracking_number_list: string[];
  /** The carrier's tracking page for the first AWB, or null. */
  tracking_url: string | null;
  /** Invoices ('factura') and other bills; the card payment issue issues them. */
  bills_list: { bill_type: string; bill_number: string }[];
  order_items: OrderHistoryLine[];
}

export interface OrderHistoryLine {
  product_name: string;
  sku: string;
  quantity: number;
  billing_special_price: number | null;
  billing_selling_price: number;
  personalization_price: number;
  /** Whole percent below the selling price (the product's own reduction). */
  discount_percent: number;
  vat: number;
  billing_currency: 'RON';
  url_path: string;
  thumbnail: string;
}

/** SPEC §7 client orders by page: `data, total, current_page, last_page`. */
export interface OrderHistoryPage {
  data: OrderHistoryItem[];
  total: number;
  current_page: number;
  last_page: number;
}

/** Orders per page of "Comenzile mele". */
export const ORDER_HISTORY_PAGE_SIZE = 10;
