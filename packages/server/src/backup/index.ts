export { writeBackup, type BackupResult } from './backup';
export { BackupFileError, readBackupHeader } from './format';
export { restoreBackup, RestoreRefused, type RestoreOptions, type RestoreResult } from './restore';
