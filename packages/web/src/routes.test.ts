import { describe, expect, it } from 'vitest';
import { projectRoutes, routeParams } from './routes.ts';

describe('routeParams', () => {
  it("reads the inbox's key and its optional receiver", () => {
    expect(routeParams(projectRoutes.chat, '/crm/chat/toko-demo/6281200000005')).toEqual({
      key: 'toko-demo',
      receiver: '6281200000005',
    });
    expect(routeParams(projectRoutes.chat, '/crm/chat/toko-demo')).toEqual({ key: 'toko-demo' });
    expect(routeParams(projectRoutes.chat, '/crm/chat/toko-demo/')).toEqual({ key: 'toko-demo' });
    expect(routeParams(projectRoutes.chatWindow, '/chat/toko%20demo/62812')).toEqual({
      key: 'toko demo',
      phone: '62812',
    });
  });

  it('answers null for another path, a missing segment or one too many', () => {
    expect(routeParams(projectRoutes.chat, '/crm/customer/toko-demo')).toBeNull();
    expect(routeParams(projectRoutes.chat, '/crm/chat')).toBeNull();
    expect(routeParams(projectRoutes.chat, '/crm/chat/toko-demo/62812/extra')).toBeNull();
    expect(routeParams(projectRoutes.chatWindow, '/chat/toko-demo')).toBeNull();
    expect(routeParams(projectRoutes.chat, '/crm/chat/%E0%A4%A')).toBeNull();
  });
});
