import account from './account';
import staff from './staff';

export default { account, staff };
