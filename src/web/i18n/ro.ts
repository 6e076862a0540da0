import { addressesRo } from './addresses.ro';
import { cartRo } from './cart.ro';
import { checkoutRo } from './checkout.ro';
import { accountRo } from './account.ro';
import { catalogueRo } from './catalogue.ro';
import { compareRo } from './compare.ro';
import { listingRo } from './listing.ro';
import { commonRo } from './common.ro';
import { contentRo } from './content.ro';
import { homeRo } from './home.ro';
import { productRo } from './product.ro';
import { profileRo } from './profile.ro';
import { personalizationRo } from './personalization.ro';
import { validationRo } from './validation.ro';
import { paymentRo } from './payment.ro';
import { adminRo } from './admin.ro';
import { adminShippingRo } from './admin-shipping.ro';
import { adminOrdersRo } from './admin-orders.ro';
import { adminContentRo } from './admin-content.ro';
import { adminCatalogueRo } from './admin-catalogue.ro';

/**
 * The Romanian catalogue (default) of every area, merged: the source of the message key types, and
 * the server's messages. Browsers load areas through ./load.ts, never this module.
 */
export const ro = {
  ...commonRo,
  ...accountRo,
  ...catalogueRo,
  ...listingRo,
  ...compareRo,
  ...homeRo,
  ...productRo,
  ...contentRo,
  ...profileRo,
  ...cartRo,
  ...checkoutRo,
  ...validationRo,
  ...addressesRo,
  ...personalizationRo,
  ...paymentRo,
  ...adminRo,
  ...adminShippingRo,
  ...adminOrdersRo,
  ...adminContentRo,
  ...adminCatalogueRo,
} as const;
