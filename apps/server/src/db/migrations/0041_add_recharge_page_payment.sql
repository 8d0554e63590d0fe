-- A recharge paid on the provider's own page (Alipay's mobile-website payment) rather than by scanning a QR: its
-- code_url is that page, which a pending order's "continue" must open rather than draw as a QR.
ALTER TABLE recharge_orders ADD COLUMN page_payment boolean NOT NULL DEFAULT false;
