-- Issue #21 (the settings edition's General settings page): the installation's general settings are
-- one record an administrator saves against its version, so the still image format ('media') and the
-- GPS accuracy ('gps-accuracy'), each stored by hand until now, move into it ('general'). Values not
-- stored keep their defaults, which the server supplies.
INSERT INTO system_settings (key, value)
SELECT 'general', jsonb_strip_nulls(jsonb_build_object(
  'stillImageFormat', (SELECT value -> 'stillImageFormat' FROM system_settings WHERE key = 'media'),
  'accuracy', (SELECT value FROM system_settings WHERE key = 'gps-accuracy')
))
WHERE EXISTS (SELECT 1 FROM system_settings WHERE key IN ('media', 'gps-accuracy'))
ON CONFLICT (key) DO NOTHING;
DELETE FROM system_settings WHERE key IN ('media', 'gps-accuracy');
