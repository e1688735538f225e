/**
 * Who may call what: the classification of every POST route the app registers (src/server/api/index.ts
 * registeredRoutes), read by ./authz-matrix.test.ts. A route missing here fails that test by name: whoever adds a
 * call decides here who may use it.
 *
 * Classes (DESIGN §7 三员分立, SPEC §8):
 *  - public     no session needed (sign-in, registration, SSO);
 *  - self       anyone signed in, the 三员 included: their own profile, messages, pickers, definitions to render pages;
 *  - staff      business any staff member may call (zhangwei); the 三员 are refused (src/server/lib/business.ts);
 *  - lead       business that needs a permission a plain staff member lacks (document:setting, document:number,
 *               stat:read, receptions:delete…): refused to zhangwei and to the 三员, allowed to demo (办公室主任);
 *  - admin      the system administrator's duties (users, roles, menus, dictionaries, apps, designers, settings):
 *               refused to zhangwei, secadmin and auditor;
 *  - orgRead    reading the organisation (organization:view): sysadmin and secadmin, refused to zhangwei and auditor;
 *  - secadmin   the security administrator's duties only;
 *  - auditor    the auditor's duties only.
 * Paths are as registered (case included), without the leading `/api/`.
 */
export type RouteClass = 'public' | 'self' | 'staff' | 'lead' | 'admin' | 'orgRead' | 'secadmin' | 'auditor';

const of = (cls: RouteClass, paths: string[]) => Object.fromEntries(paths.map((p) => [p, cls])) as Record<string, RouteClass>;
/** The generic calls of an entity group (src/server/engine/api.ts) plus its declared actions. */
const entity = (group: string, cls: RouteClass, actions: string[] = []) => of(cls, ['list', 'info', 'add', 'edit', 'del', 'export', 'import', 'aggregate', ...actions].map((a) => `${group}/${a}`));

export const ROUTE_CLASSES: Record<string, RouteClass> = {
  ...of('public', [
    'Login/getPublicKey', 'Login/captcha', 'Login/index', 'Login/adminLogin', 'Login/getsmscode', 'Login/smsindex',
    'Login/repassword', 'Login/ssoindex', 'Login/usso', 'Login/getappid', 'api/register',
  ]),
  ...of('self', [
    'Index/logout', 'Index/getDepartments', 'Index/changeCurrentDepartment',
    'Person/userInfo', 'Person/saveUserInfo', 'Person/changePassword', 'Person/saveLayout', 'Person/saveListSetting', 'Person/saveTabs',
    'Person/smsSetting', 'Person/saveSmsSetting', 'Person/saveSignature', 'Person/deleteSignature',
    'home/searchType', 'home/search',
    // definitions the engine renders every page with (administration pages too)
    'Template/page', 'Template/list', 'Template/info', 'Template/forminfo', 'Template/fieldinfo', 'Template/entities', 'Template/getColumns', 'Template/getFunc',
    'Template/checkjsgs', 'Template/recordform', 'Template/getPrevar', 'Template/checkRule', 'Template/funcInfo', 'Template/funcSubmit',
    'Form/getFiles', 'Form/info', 'Form/getpinyin',
    'codes/list', 'codes/info', 'codes/getcodes', 'codes/getList',
    'selector/tree', 'selector/treeall', 'selector/user', 'selector/search', 'selector/getlist', 'selector/getpagelist', 'selector/getrecent',
    'selector/saverecent', 'selector/position', 'selector/positionuser', 'selector/groups', 'selector/groupsusers', 'selector/saveGroup',
    'selector/officeslist', 'selector/officesuser', 'selector/getDefault',
    'groups/list', 'groups/info', 'groups/edit', 'groups/del',
    'File/upload', 'File/download', 'File/info',
    'Words/save', 'Words/getUserWord',
    'Msg/list', 'Msg/tips', 'Msg/ignore', 'Msg/newMsg', 'Msg/del', 'Msg/getTypes', 'Msg/setRead', 'Msg/getSetting', 'Msg/editSetting', 'Msg/socket',
    // the route tree of the areas (their sections, routes and titles) the browser builds its router from
    'menu/routes',
    // the menu badge counts the shell asks for everyone
    'flow/badges',
    // flow definitions: drawn on /flow/view-flow and read by the designer
    'Flowset/list', 'Flowset/getList', 'Flowset/info', 'Flowset/getInfo', 'Flowset/getActs',
    'outurl/list', 'outurl/info', 'outurl/aggregate',
  ]),
  ...entity('Words', 'self'),
  ...of('admin', [
    'home/cleancache',
    'Template/revisions', 'Template/revision', 'Template/diff', 'Template/formedit', 'Template/draft', 'Template/formdelete', 'Template/set',
    'Form/saveJson', 'Template/restore', 'Template/export', 'Template/import', 'Template/importform', 'Template/add', 'Template/edit', 'Template/delete',
    'codes/edit', 'codes/del',
    'menu/tree', 'menu/permissions', 'menu/edit',
    'Users/add', 'Users/edit', 'Users/del', 'Users/save', 'Users/disabled', 'Users/move', 'Users/moveUser', 'Users/import',
    'Users/usersync', 'Users/syncDepartments',
    'department/add', 'department/edit', 'department/del', 'department/close', 'department/sort',
    'position/add', 'position/edit', 'position/del',
    'role/add', 'role/edit', 'role/del', 'role/saveMenus',
    'account/edit', 'account/del',
    'apps/list', 'apps/info', 'apps/add', 'apps/edit', 'apps/del', 'apps/enable', 'apps/disable',
    'systemmanage/list', 'systemmanage/info', 'systemmanage/edit', 'systemmanage/del',
    'Flowset/saveJson', 'Flowset/save', 'Flowset/set', 'Flowset/delete', 'Flowset/revisions', 'Flowset/diff', 'Flowset/saveDraft',
    'Flowset/draft', 'Flowset/deleteDraft', 'Flowset/publish', 'Flowset/restore', 'Flowset/export', 'Flowset/import',
    'debug/generate', 'debug/status',
    'outurl/add', 'outurl/edit', 'outurl/del', 'outurl/export', 'outurl/import',
  ]),
  ...entity('holiday', 'admin'),
  // the calendar's state (is the coming year's 调休 schedule known?) for deadlines every page shows; importing it is setting:edit
  ...of('self', ['holiday/status']),
  ...of('admin', ['holiday/importSchedule']),
  ...of('secadmin', ['Users/setClearance']),
  ...of('orgRead', [
    'Users/list', 'Users/info', 'Users/getPositions', 'Users/getRoles', 'Users/getRanks', 'Users/getPersonCategory', 'Users/getDepartmentSelect',
    'Users/export', 'Users/getUsers', 'Users/getOffices', 'Users/banUserList', 'Users/importList', 'Users/getUnionid', 'Users/usersynclist',
    'department/list', 'department/info', 'department/tree', 'position/list', 'position/info', 'role/list', 'role/info', 'role/menus',
    'account/list', 'account/info', 'account/gettypes',
  ]),
  ...of('staff', [
    ':group/:op',
    'flow/tree', 'flow/start', 'flow/info', 'flow/act', 'flow/log', 'flow/todo', 'flow/done', 'flow/cc', 'flow/sent', 'flow/drafts',
    'flow/supervise', 'flow/counts', 'flow/batch', 'flow/involved', 'flow/delegations', 'flow/delegate', 'flow/undelegate',
    'flow/bodyVersions', 'flow/bodyVersion',
    'document/markList', 'document/templateList',
    'document/gwqsList', 'document/gwqsCount', 'document/gwqsSign', 'document/gwqsDelete', 'document/signinfo',
    'document/favorite', 'document/unfavorite', 'document/isFavorite', 'document/favorites',
    'document/listthgl', 'document/editthgl', 'document/delthgl', 'document/thglCandidates', 'document/getAttachList', 'document/mergeDownAttachs',
    'document/infothgl', 'document/authorizethgl',
    'documentarchive/list', 'documentarchive/add', 'documentarchive/getlist', 'document/setArchivesGwjh',
    'document/search', 'document/exportPdf', 'document/getDoc',
    'document/gwdbList', 'document/saveDb', 'document/dbHistory', 'document/cbHistory', 'document/checkSupervision',
    'document/getHandleLogs', 'document/getDepartmentHandleLogs', 'document/getOperationLogs', 'document/getOperationData',
    'document/getSetting', 'document/gwszThglList', 'document/gwszThglInfo', 'document/authQuery',
  ]),
  ...entity('affair', 'staff'),
  ...entity('receive', 'staff'),
  ...entity('document', 'staff'),
  ...entity('receptions', 'staff', ['finish', 'cancel']),
  ...of('lead', [
    'receptions/del', 'receptions/export',
    'document/mark', 'document/editMark', 'document/deleteMark',
    'document/takeNumber', 'document/reserveNumber', 'document/cancelNumber', 'document/numberList',
    'document/templateAdd', 'document/templateEdit', 'document/templateDelete',
    'documentarchive/delete', 'document/dbstat', 'document/dbUpdateDbr', 'document/submitSetting',
    'document/gwszCzszList', 'document/gwszCzszInfo', 'document/gwszCzszLastOrderBy', 'document/gwszCzszAdd', 'document/gwszCzszEdit', 'document/gwszCzszDel',
    'document/gwszJdqxList', 'document/gwszJdqxInfo', 'document/gwszJdqxLastOrderBy', 'document/gwszJdqxAdd', 'document/gwszJdqxEdit', 'document/gwszJdqxDel',
    'document/gwszThglLastOrderBy', 'document/gwszThglAdd', 'document/gwszThglEdit', 'document/gwszThglDel',
  ]),
};

/**
 * Calls that log the caller out or change their credentials: probed anonymously only (a signed-in probe would end the
 * session the other probes use). Parametric routes (`:group/:op`, designer-made forms) are probed by their own tests.
 */
export const NOT_PROBED_SIGNED_IN = new Set(['Index/logout', 'Person/changePassword']);
