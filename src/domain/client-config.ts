/** The allow-listed configuration the browser receives from GET /api/v1/config. Nothing secret belongs here. */
export interface PublicClientConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    /** Present when the app must use the Auth emulator, which the server proxies on the app's own origin. */
    emulatorUrl?: 'same-origin';
  };
}
