import type { Config } from '../../config.ts'

/*
 * The business's bank details, for the statement's "How to pay". The billing module's settings (BUSINESS_BANK_*)
 * put them on the config as `businessBank`; read here through one function so that the statement does not depend
 * on how the settings are parsed. Without them, the statement says to ask the accounts team.
 */

export interface BankDetails {
  accountName: string
  bsb: string
  accountNumber: string
}

export function businessBankDetails(config: Config): BankDetails | null {
  const bank = (config as Config & { businessBank?: Partial<BankDetails> | null }).businessBank
  if (!bank?.bsb || !bank.accountNumber) return null
  return { accountName: bank.accountName ?? '', bsb: bank.bsb, accountNumber: bank.accountNumber }
}
