// The settings the browser tests' server and their Click and Payme doubles share (start-server.mjs), and that
// the specs read to act as the provider.
export const CLICK_E2E = {
  double: { serviceId: '41001', merchantId: '52002', merchantUserId: '63003', secretKey: 'e2e-click-secret' },
  settings: (url) => ({
    CLICK_SERVICE_ID: '41001',
    CLICK_MERCHANT_ID: '52002',
    CLICK_MERCHANT_USER_ID: '63003',
    CLICK_SECRET_KEY: 'e2e-click-secret',
    CLICK_CHECKOUT_URL: url,
    CLICK_API_URL: `${url}/v2/merchant`,
  }),
};

export const PAYME_E2E = {
  double: { merchantId: '65a1b2c3d4e5f60718293a4b', key: 'e2e-payme-test-key' },
  settings: (url) => ({
    PAYME_MERCHANT_ID: '65a1b2c3d4e5f60718293a4b',
    PAYME_TEST_KEY: 'e2e-payme-test-key',
    PAYME_CHECKOUT_URL: url,
  }),
};
