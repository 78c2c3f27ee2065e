import { PRODUCT_NAME } from '../../../common/constants';
import { compose, greetingName } from '../../mail/compose';

type Member = { email: string; name: string; emailConfirmedAt: Date | null };

/** The outcome of a join request (decision 54): approved, with the way in. */
export const joinApprovedMail = (member: Member, origin: string) =>
  compose(member.email, `Welcome to ${PRODUCT_NAME}: your membership was approved`, greetingName(member), [
    `A coach approved your request to join ${PRODUCT_NAME}. You are a member now: sign in to start.`,
    { link: `${origin}/`, label: `Open ${PRODUCT_NAME}` },
  ]);

/** The outcome of a join request: declined. The account stays, so that the address cannot ask again at once. */
export const joinDeclinedMail = (member: Member) =>
  compose(member.email, `Your request to join ${PRODUCT_NAME}`, greetingName(member), [
    `A coach declined your request to join ${PRODUCT_NAME}.`,
    `You can still sign in to delete your account from Settings, which frees this address.`,
  ]);
