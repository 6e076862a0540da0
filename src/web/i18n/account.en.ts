import type { EnglishOf } from './i18n';
import type { accountRo } from './account.ro';

/** English texts of the account pages (issue 9). */
export const accountEn: EnglishOf<typeof accountRo> = {
  'account.email': 'E-mail',
  'account.password': 'Password',
  'account.passwordConfirmation': 'Confirm the password',
  'account.newPassword': 'New password',
  'account.firstName': 'First name',
  'account.lastName': 'Last name',
  'account.phone': 'Phone',
  'account.required': 'Fields marked with * are required.',
  'account.backToLogin': 'Back to log in',

  'account.login.title': 'Log in',
  'account.login.description': 'Log in to your customer account at Librăria Creștină Maranatha.',
  'account.login.register': 'Create a free account',
  'account.login.noAccount': 'No account yet?',
  'account.login.submit': 'Log in',
  'account.login.submitting': 'Checking...',
  'account.login.forgot': 'Forgot your password?',
  'account.login.notice': 'Logging in may be unavailable today. You can always order without an account, as a guest.',
  'account.login.expired': 'Your session has expired. Please log in again.',
  'account.login.loggedOut': 'You have logged out',
  'account.login.resetDone': 'Your password has been reset!',

  'account.register.title': 'My account',
  'account.register.description': 'Create a customer account at Librăria Creștină Maranatha.',
  'account.register.intro': 'Create an account.',
  'account.register.haveAccount': 'Already have an account?',
  'account.register.login': 'Log in',
  'account.register.termsBefore': 'I agree to the ',
  'account.register.terms': 'Terms and conditions',
  'account.register.termsBetween': ' and the ',
  'account.register.privacy': 'Privacy policy',
  'account.register.termsAfter': '.',
  'account.register.submit': 'Create account',
  'account.register.submitting': 'Creating the account...',

  'account.forgot.title': 'Reset the password',
  'account.forgot.description': 'Get a link by e-mail to choose a new password.',
  'account.forgot.intro': "Type your account's e-mail address and we will send you a link to choose a new password.",
  'account.forgot.submit': 'Send e-mail',
  'account.forgot.sending': 'Sending...',
  'account.forgot.sentTitle': 'E-mail sent!',
  'account.forgot.sent': 'E-mail sent. Check your inbox.',
  'account.forgot.toLogin': 'Go to log in',
  'account.forgot.tryAgain': 'Try again',
  'account.forgot.error': 'Something went wrong. Try again.',
  'account.forgot.badLink': 'The reset link is invalid or incomplete.',

  'account.reset.title': 'New password',
  'account.reset.description': 'Choose a new password for your account.',
  'account.reset.submit': 'Reset the password',
  'account.reset.submitting': 'Processing...',
  'account.reset.error': 'Something went wrong while resetting the password.',

  'account.reset.newLink': 'Ask for a new link',

};
