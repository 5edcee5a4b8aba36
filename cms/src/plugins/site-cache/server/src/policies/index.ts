import mayRefreshSite from './may-refresh-site.policy';

export default { 'may-refresh-site': mayRefreshSite };
