-- Operators' catalogue (issue 23): official images, their types and the model center's models can be hidden, which
-- takes them out of what users see and rent while running applications carry on. `version` (`revision` on models,
-- whose `version` is the model's own) is what an operator's change compares and sets, so that of two operators
-- changing one row at once the second gets a 409.

ALTER TABLE image_types
  ADD COLUMN hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

ALTER TABLE application_images
  ADD COLUMN hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

ALTER TABLE trained_models
  ADD COLUMN hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN revision integer NOT NULL DEFAULT 1;
