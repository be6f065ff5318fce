/** What a deactivated team member is told when they try to sign in or accept an invitation. */
export const INACTIVE_ACCOUNT_MESSAGE = 'This account has been deactivated. Ask the band owner to reactivate it.'
