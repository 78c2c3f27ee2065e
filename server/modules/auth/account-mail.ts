import { PRODUCT_NAME } from '../../../common/constants';

export { compose, greetingName, type AccountMail, type MailSender } from '../../mail/compose';
import { compose } from '../../mail/compose';

/** The link that proves a new member's address (24 hours), greeting the address (it is not proven). */
export const confirmEmailMail = (to: string, link: string) =>
  compose(to, `Confirm your e-mail address for ${PRODUCT_NAME}`, null, [
    `Confirm that this is your e-mail address for ${PRODUCT_NAME} by opening this link (it works once, for 24 hours):`,
    { link, label: 'Confirm my e-mail address' },
    `If you did not create a ${PRODUCT_NAME} account, ignore this message.`,
  ]);

/** The link that sets a new password (1 hour). */
export const resetPasswordMail = (to: string, name: string | null, link: string) =>
  compose(to, `Reset your ${PRODUCT_NAME} password`, name, [
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new one, open this link (it works once, for 1 hour):`,
    { link, label: 'Choose a new password' },
    'If it was not you, ignore this message: your password stays as it is.',
  ]);

/** The link, sent to the new address, that moves the account to it (24 hours), greeting the address. */
export const changeEmailMail = (to: string, link: string) =>
  compose(to, `Confirm your new e-mail address for ${PRODUCT_NAME}`, null, [
    `You asked to use this address for your ${PRODUCT_NAME} account. Your address changes when you open this link (it works once, for 24 hours):`,
    { link, label: 'Use this e-mail address' },
    'If you did not ask for this, ignore this message: nothing changes.',
  ]);

/** The notice to the old address that a change to `newEmail` was asked for. */
export const emailChangeNoticeMail = (to: string, name: string | null, newEmail: string) =>
  compose(to, `Your ${PRODUCT_NAME} e-mail address is being changed`, name, [
    `Someone signed in to your ${PRODUCT_NAME} account asked to change its e-mail address to ${newEmail}. The change happens when the link sent to that address is opened.`,
    `If this was not you, choose a new password now with "Forgot password?" on the sign-in dialog: that signs everyone else out and cancels the change.`,
  ]);

/** The notice that an account was deleted. */
export const accountDeletedMail = (to: string, name: string | null) =>
  compose(to, `Your ${PRODUCT_NAME} account was deleted`, name, [
    `Your ${PRODUCT_NAME} account was deleted, with your profile, profile picture and voiceover recordings. Your chat and discussion messages stay, signed 'Deleted member'.`,
    `You can create a new account with this address at any time.`,
  ]);

/** The notice that the password was changed by a signed-in member, whose other sessions ended. */
export const passwordChangedMail = (to: string, name: string | null) =>
  compose(to, `Your ${PRODUCT_NAME} password was changed`, name, [
    `The password of your ${PRODUCT_NAME} account was just changed, and every other device signed in to it was signed out.`,
    `If this was not you, choose a new password now with "Forgot password?" on the sign-in dialog: that signs everyone else out.`,
  ]);
