import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../api/types';
import { userActions } from './user-columns';

const t = ((key: string) => key) as unknown as TFunction;
const holding = (...keys: string[]) => (...wanted: string[]) => wanted.some((key) => keys.includes(key));
const row = (levelDepth: number) => ({ userId: 9, levelDepth }) as UserRow;

describe('the actions on a child user follow the permission keys', () => {
  it('offers every action to a holder of every key', () => {
    const can = holding('user/index/add', 'user/index/edit', 'user/index/delete', 'user/index/reset_password', 'user/index/assign_role', 'user/index/test_mail');
    expect(userActions(t, can, row(3)).map((a) => a.key)).toEqual(['addChild', 'roles', 'email', 'resetPassword', 'delete']);
  });

  it('offers nothing without keys', () => {
    expect(userActions(t, holding(), row(3))).toEqual([]);
  });

  it('offers each action only with its own key', () => {
    expect(userActions(t, holding('user/index/delete'), row(3)).map((a) => a.key)).toEqual(['delete']);
    expect(userActions(t, holding('user/index/reset_password'), row(3)).map((a) => a.key)).toEqual(['resetPassword']);
    expect(userActions(t, holding('user/index/test_mail'), row(3)).map((a) => a.key)).toEqual(['email']);
    expect(userActions(t, holding('user/index/role_group/assign'), row(3)).map((a) => a.key)).toEqual(['roles']);
  });

  it('offers a child account only one level down, and none under a sub-user', () => {
    const can = holding('user/index/add');
    expect(userActions(t, can, row(2)).map((a) => a.key)).toEqual(['addChild']);
    expect(userActions(t, can, row(4))).toEqual([]);
  });
});
