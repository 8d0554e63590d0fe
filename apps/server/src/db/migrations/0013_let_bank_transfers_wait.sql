-- Bank-transfer recharges (issue 10): the order waits, with no QR and no expiry, until an operator confirms that the
-- money arrived (paid) or rejects it (closed). Only a QR order has a time after which it is closed at its provider.
ALTER TABLE recharge_orders ALTER COLUMN expires_at DROP NOT NULL;
ALTER TABLE recharge_orders
  ADD CONSTRAINT recharge_orders_qr_expires CHECK (channel = 'bank' OR expires_at IS NOT NULL);
