import type { EnglishOf } from './i18n';
import type { profileRo } from './profile.ro';

/** English texts of the client's profile (issue 9 item 6). */
export const profileEn: EnglishOf<typeof profileRo> = {
  'profile.title': 'My profile',
  'profile.description': 'Your account details, addresses, orders, notifications and password.',
  'profile.greeting': 'Welcome, {name}!',
  'profile.logout': 'Log out',
  'profile.tabs.label': 'Profile sections',
  'profile.tab.profil': 'Profile',
  'profile.tab.adrese': 'Addresses',
  'profile.tab.comenzi': 'My orders',
  'profile.tab.notificari': 'Notifications',
  'profile.tab.parola': 'Change password',

  'profile.avatar.alt': 'Your profile photo',
  'profile.avatar.label': 'Profile photo (JPEG, PNG or WebP, at most 2 MB)',
  'profile.avatar.upload': 'Upload photo',
  'profile.avatar.remove': 'Remove photo',
  'profile.avatar.saved': 'Your photo was saved.',
  'profile.avatar.removed': 'Your photo was removed.',

  'profile.field.firstName': 'First name',
  'profile.field.lastName': 'Last name',
  'profile.field.phone': 'Phone',
  'profile.field.email': 'E-mail',
  'profile.field.address': 'Delivery address',
  'profile.edit': 'Edit {field}',
  'profile.editHint': 'Enter saves, Escape cancels.',
  'profile.save': 'Save',
  'profile.cancel': 'Cancel',
  'profile.updated': 'Your profile was updated.',
  'profile.updateFailed': 'Your profile could not be updated',
  'profile.sessionExpired': 'Your session has expired. Please log in again.',

  'profile.orders.empty': 'You have no orders yet.',

  'profile.notifications.label': 'Notifications about new products',
  'profile.notifications.text':
    'Get e-mails about mentions, messages, offers, new products, sales and news from the shop’s administrators.',
  'profile.notifications.on': 'On',
  'profile.notifications.off': 'Off',
  'profile.notifications.saved': 'Your choice was saved.',

  'profile.password.old': 'Current password',
  'profile.password.new': 'New password',
  'profile.password.confirm': 'Confirm the new password',
  'profile.password.submit': 'Update',
  'profile.password.submitting': 'Updating...',
  'profile.password.changed': 'Your password was changed.',
  'profile.password.failed': 'Your password could not be changed.',
} as const;
