// The reply promise (SPEC section 9): shown on the site and in the no-JavaScript contact answer. A module of its own,
// so the pages' shared chunk does not pull in the contact form's texts with it.

/** Hours within which the team answers a contact message. */
export const replyWithinHours = 24;
