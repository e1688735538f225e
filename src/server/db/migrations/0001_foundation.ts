/**
 * 0001: organisation, accounts, sessions, menus, security tables.
 * Portable DDL: runs unchanged on SQLite and PostgreSQL through the helpers of ../ddl.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0001_foundation',
  async up(db, d) {
    await d.table('departments', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('parent_id', 'integer')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('short_name', 'varchar(50)')
        .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('dept'))
        .addColumn('code', 'varchar(20)')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('leader_id', 'integer')
        .addColumn('phone', 'varchar(30)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('departments', ['parent_id', 'sort']);

    await d.table('positions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(99))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
    );

    await d.table('users', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('realname', 'varchar(50)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
        .addColumn('mobile', 'varchar(20)')
        .addColumn('email', 'varchar(100)')
        .addColumn('avatar', 'varchar(255)')
        .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('clearance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('current_dept_id', 'integer')
        .addColumn('layout', 'text')
        .addColumn('list_settings', 'text')
        .addColumn('tabs', 'text')
        .addColumn('sms_setting', 'text')
        .addColumn('unionid', 'varchar(64)')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('users', ['mobile']);
    await d.index('users', ['unionid']);

    await d.table('user_departments', (t) =>
      t
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('dept_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_leader', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('user_departments_pk', ['user_id', 'dept_id']),
    );
    await d.index('user_departments', ['dept_id']);

    await d.table('roles', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('exclusive_group', 'varchar(20)')
        .addColumn('data_scope', 'varchar(20)', (c) => c.notNull().defaultTo('own'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(255)'),
    );
    await d.table('user_roles', (t) =>
      t
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id']),
    );
    await d.index('user_roles', ['role_id']);

    await d.table('menus', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('parent_id', 'integer')
        .addColumn('path', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('header', 'varchar(60)', (c) => c.notNull())
        .addColumn('i18n_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('icon', 'varchar(60)')
        .addColumn('auth', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('admin_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await d.table('role_menus', (t) =>
      t
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id']),
    );
    await d.table('role_permissions', (t) =>
      t
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('code', 'varchar(80)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'code']),
    );
    await d.table('user_menus', (t) =>
      t
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_menus_pk', ['user_id', 'menu_id']),
    );

    await d.table('sessions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('dept_id', 'integer')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(255)')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_login', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint'),
    );
    await d.index('sessions', ['user_id']);

    await d.table('login_attempts', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('username', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(255)')
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('method', 'varchar(10)', (c) => c.notNull())
        .addColumn('reason', 'varchar(100)')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('login_attempts', ['username', 'created_at']);

    await d.table('captchas', (t) =>
      t
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull()),
    );
    await d.table('used_nonces', (t) => t.addColumn('hash', 'varchar(64)', (c) => c.primaryKey()).addColumn('expires_at', 'bigint', (c) => c.notNull()));
    await d.table('sms_codes', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await d.index('sms_codes', ['mobile', 'created_at']);
    await d.table('sms_log', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('provider', 'varchar(30)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('sms_log', ['created_at']);

    await d.table('apps', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('appid', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(255)')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.table('accounts', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('mail', 'varchar(100)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('realname', 'varchar(50)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('accounts', ['mobile']);
    await d.table('settings', (t) => t.addColumn('key', 'varchar(80)', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()));
    await d.table('audit_log', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'varchar(50)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('event', 'varchar(60)', (c) => c.notNull())
        .addColumn('object', 'varchar(200)')
        .addColumn('result', 'varchar(20)', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('prev_hash', 'varchar(64)')
        .addColumn('hash', 'varchar(64)', (c) => c.notNull()),
    );
    await d.index('audit_log', ['created_at']);
  },
};
