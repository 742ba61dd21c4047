import { describe, expect, it } from 'vitest';
import { isActiveItem, NAV_ITEMS, visibleNavItems } from './nav-items';

const [catalogue, agents] = NAV_ITEMS;

describe('isActiveItem', () => {
  it('marks the catalogue active on the home page and on tool pages', () => {
    expect(isActiveItem(catalogue!, '/')).toBe(true);
    expect(isActiveItem(catalogue!, '/tools/fs_read_file')).toBe(true);
    expect(isActiveItem(catalogue!, '/agents')).toBe(false);
  });

  it('marks Agents active on the list and on an agent page, not on a path that merely starts alike', () => {
    expect(isActiveItem(agents!, '/agents')).toBe(true);
    expect(isActiveItem(agents!, '/agents/demo')).toBe(true);
    expect(isActiveItem(agents!, '/agentsx')).toBe(false);
  });
});

describe('visibleNavItems', () => {
  it('shows no section to a visitor (each would only send them to sign in), the rest to anyone signed in, Approvals to editors and admins, Settings to admins only', () => {
    expect(visibleNavItems('anonymous').map((item) => item.label)).toEqual([]);
    expect(visibleNavItems('signedIn').map((item) => item.label)).toEqual(['Catalogue', 'Agents', 'Workflows', 'Servers', 'Config', 'Audit']);
    expect(visibleNavItems('approver').map((item) => item.label)).toEqual(['Catalogue', 'Agents', 'Workflows', 'Servers', 'Config', 'Audit', 'Approvals']);
    expect(visibleNavItems('admin').map((item) => item.label)).toEqual(['Catalogue', 'Agents', 'Workflows', 'Servers', 'Config', 'Audit', 'Approvals', 'Settings']);
  });
});
