import account from './account.controller';
import staff from './staff.controller';

export default { account, staff };
