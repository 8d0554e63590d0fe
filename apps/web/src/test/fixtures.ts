import type { applications, auth, EndpointData, users } from '@suanli/contract';

/** A current user as getUserInfo answers it; tests override what they look at. */
export function currentUser(overrides: Partial<users.CurrentUser> = {}): users.CurrentUser {
  return {
    userId: '1001',
    nickName: '算力用户',
    avatarUrl: null,
    phone: '138****0000',
    email: null,
    roles: [{ roleKey: 'user', roleName: '普通用户' }],
    education: false,
    permissions: [{ permissionId: 'user', actionList: ['query', 'edit'] }],
    vip: { vipGrade: 0, growthValue: 0, growthTarget: 300, discountBasisPoints: 10_000 },
    invitationCode: 'ME1001',
    hasPassword: true,
    wechatBound: false,
    verifiedStatus: '0',
    createTime: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The VIP record as getVipInfo answers it, with the configured grades (migration 0015's seed). */
export function vipInfo(
  overrides: Partial<EndpointData<typeof users.getVipInfo>> = {},
): EndpointData<typeof users.getVipInfo> {
  return {
    ...currentUser().vip,
    grades: [
      { grade: 0, growthThreshold: 0, discountBasisPoints: 10_000 },
      { grade: 1, growthThreshold: 300, discountBasisPoints: 9_800 },
      { grade: 2, growthThreshold: 3_000, discountBasisPoints: 9_500 },
      { grade: 3, growthThreshold: 10_000, discountBasisPoints: 9_000 },
    ],
    ...overrides,
  };
}

let captchaCount = 0;

/** A fresh captcha each call, numbered so a test can tell one from the next. */
export function nextCaptcha(): EndpointData<typeof auth.getCaptcha> {
  captchaCount += 1;
  return {
    captchaEnabled: true,
    img: `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${captchaCount}</text></svg>`)}`,
    uuid: `captcha-${captchaCount}`,
  };
}

/** An application as the list answers it: running, per minute, one RTX 4090; tests override what they look at. */
export function applicationRow(
  overrides: Partial<EndpointData<typeof applications.listApplications>['rows'][number]> = {},
): EndpointData<typeof applications.listApplications>['rows'][number] {
  return {
    id: '7',
    appName: 'trainer',
    status: 'running',
    statusReason: null,
    imageId: '3',
    imageName: 'PyTorch 2.3 + JupyterLab',
    gpuModel: 'RTX 4090',
    gpuCount: 1,
    regionName: '华东一区',
    billingMode: 'minute',
    dataDiskGb: 0,
    pinned: false,
    createTime: '2026-03-01T00:00:00.000Z',
    expireTime: null,
    timedStopTime: null,
    orderNo: 'A20260301000000000001',
    cost: '1.00',
    billedMinutes: 10,
    hourlyPrice: '6.00',
    deleteTime: null,
    ...overrides,
  };
}
