/**
 * What a newcomer meets (issue 13, item 8): the inbox's first-run guide, the WhatsApp account
 * form's help, a collapsed "customer waiting" notification and creating a label from the chat.
 */
export const newcomer = {
  id: {
    'notification.kind.customer_waiting_many': '{subject} menunggu balasan Anda di {project} ({count} pesan)',
    // The WhatsApp account form's help (/project/account/{key}).
    // The inbox's first-run guide (a project with no WhatsApp number).
    'firstRun.title': 'Mulai dengan {project}',
    'firstRun.intro':
      'Proyek ini belum punya nomor WhatsApp, jadi belum ada percakapan. Pesan pelanggan muncul di sini begitu nomor terhubung.',
    'firstRun.connect.title': '1. Hubungkan nomor WhatsApp',
    'firstRun.connect.body':
      'Tambahkan nomor WhatsApp Business dengan ID nomor telepon dan token akses dari Meta. Halaman Akun WhatsApp menjelaskan dari mana keduanya didapat.',
    'firstRun.connect.action': 'Buka Akun WhatsApp',
    'firstRun.askOwner.title': '1. Minta nomor WhatsApp dihubungkan',
    'firstRun.askOwner.body':
      'Anda tidak punya akses ke Akun WhatsApp proyek ini. Minta pemilik proyek menghubungkan nomornya; percakapan akan muncul di sini.',
    'firstRun.invite.title': '2. Undang tim Anda',
    'firstRun.invite.body': 'Buat tautan undangan untuk agen dan atur izin masing-masing.',
    'firstRun.invite.action': 'Buka Anggota',
    'firstRun.simulator.title': 'Mencoba tanpa nomor sungguhan?',
    'firstRun.simulator.demo':
      'Di server pengembangan, pnpm start juga membuat proyek "Toko Demo" dengan nomor simulasi dan pelanggan yang terus menulis: masuk dengan nomor dan kata sandi demo yang dicetak server.',
    'firstRun.simulator.run':
      'Atau hubungkan proyek ini ke simulator WhatsApp: jalankan server dan simulatornya seperti ini,',
    'firstRun.simulator.number':
      'lalu tambahkan nomor dengan ID WABA {wabaId}, ID nomor telepon {phoneNumberId} dan token {accessToken}. Pelanggan simulasi akan menulis ke nomor itu.',
    // The chat's label picker: a search no label is named, offered as a new label.
    'chat.labels.create': 'Buat label “{name}”',
    'account.phoneNumberIdHint': 'Angka di WhatsApp → API Setup aplikasi Meta Anda, bukan nomor teleponnya.',
    'account.accessTokenHint':
      'Token permanen System User dari Business Settings, dengan izin whatsapp_business_messaging.',
    'account.help.title': 'Dari mana ID nomor dan token ini?',
    'account.help.intro':
      'Sapa memakai WhatsApp Cloud API dari Meta. Anda perlu aplikasi di Meta for Developers (developers.facebook.com) dengan produk WhatsApp dan nomor yang terdaftar di WhatsApp Manager.',
    'account.help.phoneNumberId':
      'ID nomor telepon: di aplikasi Meta Anda buka WhatsApp → API Setup, pilih nomornya, lalu salin "Phone number ID" (juga tampil di WhatsApp Manager → Phone numbers).',
    'account.help.token':
      'Token akses: di Business Settings (business.facebook.com/settings) buka Users → System users, buat System User admin, beri aset aplikasi dan akun WhatsApp Anda, lalu "Generate new token" dengan izin whatsapp_business_messaging dan whatsapp_business_management. Token ini tidak kedaluwarsa.',
    'account.help.webhook':
      'Webhook: di WhatsApp → Configuration isi Callback URL {url} dan verify token dari pengelola server Sapa ini, lalu langganan kolom "messages".',
    'account.help.temporary':
      'Token sementara di halaman API Setup hanya berlaku 24 jam: cukup untuk mencoba, lalu ganti dengan "Token akses baru".',
  },
  en: {
    'notification.kind.customer_waiting_many':
      '{subject} is waiting for your reply in {project} ({count} messages)',
    'firstRun.title': 'Get started with {project}',
    'firstRun.intro':
      "This project has no WhatsApp number yet, so there are no conversations. Customers' messages appear here once a number is connected.",
    'firstRun.connect.title': '1. Connect a WhatsApp number',
    'firstRun.connect.body':
      'Add a WhatsApp Business number with its phone number ID and access token from Meta. The WhatsApp accounts page explains where both come from.',
    'firstRun.connect.action': 'Open WhatsApp accounts',
    'firstRun.askOwner.title': '1. Ask for a WhatsApp number',
    'firstRun.askOwner.body':
      "You have no access to this project's WhatsApp accounts. Ask the project owner to connect its number; conversations will appear here.",
    'firstRun.invite.title': '2. Invite your team',
    'firstRun.invite.body': "Create invite links for your agents and set each one's permissions.",
    'firstRun.invite.action': 'Open members',
    'firstRun.simulator.title': 'Trying it without a real number?',
    'firstRun.simulator.demo':
      'On a development server, pnpm start also makes a "Toko Demo" project with a simulated number and customers who keep writing: sign in with the demo phone and password the server prints.',
    'firstRun.simulator.run':
      'Or connect this project to the WhatsApp simulator: start the server and the simulator like this,',
    'firstRun.simulator.number':
      'then add a number with WABA ID {wabaId}, phone number ID {phoneNumberId} and token {accessToken}. The simulated customers write to it.',
    'chat.labels.create': 'Create label “{name}”',
    'account.phoneNumberIdHint':
      "The number on your Meta app's WhatsApp → API Setup page, not the phone number itself.",
    'account.accessTokenHint':
      "A System User's permanent token from Business Settings, with the whatsapp_business_messaging permission.",
    'account.help.title': 'Where do the number ID and token come from?',
    'account.help.intro':
      "Sapa uses Meta's WhatsApp Cloud API. You need an app on Meta for Developers (developers.facebook.com) with the WhatsApp product, and a number registered in WhatsApp Manager.",
    'account.help.phoneNumberId':
      'Phone number ID: in your Meta app open WhatsApp → API Setup, pick the number and copy its "Phone number ID" (WhatsApp Manager → Phone numbers shows it too).',
    'account.help.token':
      'Access token: in Business Settings (business.facebook.com/settings) open Users → System users, create an admin System User, give it your app and WhatsApp account as assets, then "Generate new token" with the whatsapp_business_messaging and whatsapp_business_management permissions. This token does not expire.',
    'account.help.webhook':
      'Webhook: in WhatsApp → Configuration set the Callback URL to {url} and the verify token your Sapa server\'s administrator gives you, then subscribe to the "messages" field.',
    'account.help.temporary':
      'The temporary token on the API Setup page lasts only 24 hours: fine for trying, then replace it with "New access token".',
  },
} as const;
