import signedIn from './signed-in.policy';

// Named `plugin::accounts.signed-in` in every concept's routes.
export default { 'signed-in': signedIn };
