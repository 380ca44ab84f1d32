import type { ChannelInput, PaymentChannels } from '../../modules/payments/channels.ts';

/**
 * Demo deposit channels for a Bangladeshi audience. The receiving accounts are examples the operator replaces
 * (PUT /admin/api/payment-channels/:code); USDT goes through the sandbox gateway when it is on.
 */
export function demoChannels(sandbox: boolean): ChannelInput[] {
  const quick = ['500.00', '1000.00', '2000.00', '5000.00', '10000.00'];
  const ewallet = (code: string, name: string, number: string, sortOrder: number): ChannelInput => ({
    code,
    kind: 'ewallet',
    mode: 'manual',
    displayName: name,
    minAmount: '200.00',
    maxAmount: '25000.00',
    quickAmounts: quick,
    orderMinutes: 30,
    receivingAccount: { provider: name, accountName: 'Portal Agent', accountNumber: number },
    sortOrder,
  });
  const channels: ChannelInput[] = [
    ewallet('bkash', 'bKash', '01700000100', 1),
    ewallet('nagad', 'Nagad', '01800000200', 2),
    ewallet('rocket', 'Rocket', '01900000300', 3),
    {
      code: 'local-bank',
      kind: 'bank',
      mode: 'manual',
      displayName: 'Local bank transfer',
      minAmount: '1000.00',
      maxAmount: '500000.00',
      quickAmounts: ['5000.00', '10000.00', '50000.00'],
      orderMinutes: 120,
      receivingAccount: { provider: 'Dutch-Bangla Bank', accountName: 'Portal Ltd', accountNumber: '1051100012345' },
      sortOrder: 4,
    },
  ];
  channels.push(
    sandbox
      ? {
          code: 'usdt',
          kind: 'usdt',
          mode: 'provider',
          provider: 'sandbox',
          displayName: 'USDT (sandbox gateway)',
          minAmount: '1000.00',
          maxAmount: '1000000.00',
          quickAmounts: ['1000.00', '5000.00', '20000.00'],
          orderMinutes: 60,
          sortOrder: 5,
        }
      : {
          code: 'usdt',
          kind: 'usdt',
          mode: 'manual',
          displayName: 'USDT (TRC20)',
          minAmount: '1000.00',
          maxAmount: '1000000.00',
          quickAmounts: ['1000.00', '5000.00', '20000.00'],
          orderMinutes: 60,
          receivingAccount: {
            provider: 'TRC20',
            accountName: 'Portal',
            accountNumber: 'TXdemo0000000000000000000000000000',
          },
          sortOrder: 5,
        },
  );
  return channels;
}

export async function seedDemoChannels(channels: PaymentChannels, sandbox: boolean): Promise<void> {
  for (const channel of demoChannels(sandbox)) await channels.create(channel, { name: 'seed' });
}
