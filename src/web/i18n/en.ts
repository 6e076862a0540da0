import { addressesEn } from './addresses.en';
import { cartEn } from './cart.en';
import { checkoutEn } from './checkout.en';
import { accountEn } from './account.en';
import { catalogueEn } from './catalogue.en';
import { compareEn } from './compare.en';
import { listingEn } from './listing.en';
import { commonEn } from './common.en';
import { contentEn } from './content.en';
import { homeEn } from './home.en';
import { productEn } from './product.en';
import type { EnglishOf } from './i18n';
import { personalizationEn } from './personalization.en';
import type { ro } from './ro';
import { profileEn } from './profile.en';
import { validationEn } from './validation.en';
import { paymentEn } from './payment.en';
import { adminEn } from './admin.en';
import { adminShippingEn } from './admin-shipping.en';
import { adminOrdersEn } from './admin-orders.en';
import { adminContentEn } from './admin-content.en';
import { adminCatalogueEn } from './admin-catalogue.en';

/** The English catalogue of every area, for the server only (browsers load areas through ./load.ts). */
export const en: EnglishOf<typeof ro> = {
  ...commonEn,
  ...accountEn,
  ...catalogueEn,
  ...listingEn,
  ...compareEn,
  ...homeEn,
  ...productEn,
  ...contentEn,
  ...profileEn,
  ...cartEn,
  ...checkoutEn,
  ...validationEn,
  ...addressesEn,
  ...personalizationEn,
  ...paymentEn,
  ...adminEn,
  ...adminShippingEn,
  ...adminOrdersEn,
  ...adminContentEn,
  ...adminCatalogueEn,
};
