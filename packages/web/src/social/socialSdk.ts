/**
 * The social-login SDK of SPEC.md section 2 (Facebook JS SDK: a fixed app id, version v16.0,
 * page-view logging). It is loaded only when the server's public config names an app id, so the
 * app works offline and on machines with no route to Facebook.
 */
export const SOCIAL_SDK_VERSION = 'v16.0';
const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

interface FacebookSdk {
  init(options: { appId: string; version: string; xfbml: boolean; cookie: boolean }): void;
  AppEvents: { logPageView(): void };
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

export interface PublicConfig {
  socialAppId: string | null;
}

export async function fetchPublicConfig(fetcher: typeof fetch = fetch): Promise<PublicConfig> {
  try {
    const response = await fetcher('/config.json', { headers: { accept: 'application/json' } });
    if (!response.ok) return { socialAppId: null };
    const body: unknown = await response.json();
    const appId =
      typeof body === 'object' &&
      body !== null &&
      'socialAppId' in body &&
      typeof body.socialAppId === 'string'
        ? body.socialAppId
        : null;
    return { socialAppId: appId && appId.length > 0 ? appId : null };
  } catch {
    return { socialAppId: null };
  }
}

/** Loads and initialises the SDK once; does nothing without an app id. */
export function initSocialSdk(appId: string | null, doc: Document = document): boolean {
  if (!appId || doc.getElementById('facebook-jssdk')) return false;
  window.fbAsyncInit = () => {
    window.FB?.init({ appId, version: SOCIAL_SDK_VERSION, xfbml: true, cookie: true });
    window.FB?.AppEvents.logPageView();
  };
  const script = doc.createElement('script');
  script.id = 'facebook-jssdk';
  script.async = true;
  script.src = SDK_URL;
  doc.body.appendChild(script);
  return true;
}
