/**
 * The address pages. Without JavaScript a saved or deleted address leads back to the address book
 * page (the same AddressBook the profile's Adrese tab shows).
 */
export const ADDRESS_BOOK_PATH = '/pages/profile/adrese';
export const NEW_ADDRESS_PATH = '/pages/profile/adrese/noua';
export const editAddressPath = (id: number) => `/pages/profile/adrese/${id}`;
export const deleteAddressPath = (id: number) => `/pages/profile/adrese/${id}/sterge`;
