import type { ImageAsset, Service, ServiceSlug } from './types.ts'

const serviceImage = (slug: ServiceSlug, alt: string): ImageAsset => ({
  src: `/images/services/${slug}.svg`,
  width: 480,
  height: 320,
  alt,
})

/** The 10 services, in navigation order. */
export const services: Service[] = [
  {
    slug: 'arrow-boards',
    name: 'Arrow Boards',
    title: 'Arrow Board Hire',
    metaDescription:
      'Solar-powered, trailer-mounted arrow boards for hire across Victoria and Queensland. Delivered, positioned and supported 24/7 for lane closures and merges.',
    summary:
      'Solar-powered, trailer-mounted arrow boards that give drivers clear, early warning of lane closures and merges.',
    intro: [
      'An arrow board is a trailer-mounted panel of high-intensity amber lamps that tells approaching drivers which way to merge, or warns them of a hazard ahead. Placed in advance of a lane closure, it gives motorists a clear signal that stands out in daylight, at night and in poor weather, well before they reach the work area.',
      'Our arrow boards run on solar power with battery storage, so they operate around the clock without a generator or refuelling. Every board is inspected, charged and lamp-tested before it leaves the depot, and our crew positions it to match the traffic guidance scheme in your traffic management plan, prepared under AS 1742.3.',
    ],
    uses: [
      'Lane closures and merges on freeways, highways and arterial roads',
      'Shoulder and kerbside works for councils and utilities',
      'Advance warning for short-term and mobile works',
      'Night works where early, high-visibility warning is essential',
      'Traffic switches and detours during staged construction',
      'Temporary road closures for events',
    ],
    features: [
      'Left, right and double-headed arrow displays',
      'Caution display for warnings where no merge is required',
      'High-intensity amber LED lamps with automatic night dimming',
      'Solar panel and deep-cycle battery bank for continuous operation',
      'Raising mast and rotating panel to aim the display at approaching traffic',
      'Stabiliser legs for a secure footing on verges and shoulders',
      'Lockable control box to prevent tampering',
      'Road-registered trailer, ready to tow or be delivered',
    ],
    included: [
      'Delivery, positioning and collection by our own crew',
      'Pre-hire inspection, full charge and lamp test',
      'On-site briefing on display modes and controls',
      '24/7 phone support and breakdown response',
      'Daily, weekly and monthly hire rates',
    ],
    image: serviceImage('arrow-boards', 'Trailer-mounted arrow board showing an amber arrow made of lamps'),
  },
  {
    slug: 'vms-boards',
    name: 'VMS Boards',
    title: 'VMS Board Hire and Repairs',
    metaDescription:
      'Hire trailer-mounted VMS boards with remote message programming, delivered across VIC and QLD and supported 24/7. We also repair and service VMS boards.',
    summary:
      'Trailer-mounted variable message signs with full-matrix LED displays, programmed and monitored remotely.',
    intro: [
      'Variable message sign (VMS) boards are trailer-mounted LED displays that carry text and symbols for drivers: advance notice of road works, closures, detours, events and changed conditions. Because the message can be changed at any time, one board can take a project from early community notification through every stage of the works.',
      'We program messages to your approved wording, or give your team secure remote access to update and schedule them. Our workshop also repairs VMS boards: if you run your own fleet, we diagnose and fix faulty LED modules, controllers, modems, solar charging systems and batteries, and get your boards back on the road.',
    ],
    uses: [
      'Advance notice of road works, closures and detours',
      'Staged construction, with messages that change as the works progress',
      'Incident and emergency traffic management',
      'Event traffic and parking guidance',
      'Community information campaigns for councils and road authorities',
      'Alternative route advice during major disruptions',
    ],
    features: [
      'Full-matrix amber LED display for text, symbols and pictograms',
      'Remote message programming and scheduling through secure web access',
      'Automatic brightness control for clear day and night visibility',
      'Solar and battery power for continuous, quiet operation',
      'GPS location and remote status alerts, including battery level',
      'Raising and rotating display mast',
      'Lockable, weather-resistant controller',
      'Road-registered trailer with stabiliser legs',
    ],
    included: [
      'Delivery, set-up and collection',
      'Message programming to your approved wording',
      'Remote monitoring and message changes on request',
      '24/7 phone support and breakdown response',
      'Repairs and servicing also available for customer-owned VMS boards',
    ],
    image: serviceImage('vms-boards', 'Trailer-mounted VMS board with an LED panel reading ROADWORKS AHEAD'),
  },
  {
    slug: 'portable-traffic-lights',
    name: 'Portable Traffic Lights',
    title: 'Portable Traffic Light Hire',
    metaDescription:
      'Hire trailer-mounted portable traffic lights for single-lane shuttle flow at road works. Wirelessly linked, solar powered and supported 24/7 in VIC and QLD.',
    summary:
      'Trailer-mounted portable traffic signals that run shuttle flow through single-lane works with fewer people on the road.',
    intro: [
      'Portable traffic lights are trailer-mounted signals that control alternating, or shuttle, flow through a single-lane work area: bridge and culvert works, rural road repairs and any site left with one usable lane. Used as a linked pair or set, they take the place of stop/slow bat controllers and keep people out of the live traffic lane.',
      'Each unit runs on solar power with battery back-up and communicates wirelessly with the others in the set, so no cables cross the road. Timings are set to suit the length of the work area and the traffic volume, and the lights can be switched to manual control when a traffic controller needs to run the site directly.',
    ],
    uses: [
      'Single-lane shuttle flow on rural and arterial roads',
      'Bridge, culvert and drainage works',
      'Long-duration works that need control around the clock',
      'Utility works on narrow roads',
      'Construction site access and haul road crossings',
      'Night works where stop/slow control would expose controllers to high risk',
    ],
    features: [
      'Red, yellow and green LED signal aspects on an adjustable mast',
      'Wireless linking between units, with no cables across the road',
      'Fixed-time and manual operating modes, with vehicle detection available',
      'Conflict monitoring that fails safe if communication is lost',
      'Handheld remote control for traffic controllers',
      'Solar power with battery back-up',
      'Supplementary STOP HERE ON RED SIGNAL sign',
      'Road-registered trailer with stabiliser legs',
    ],
    included: [
      'Delivery, set-up and signal timing to suit your site',
      'Positioning to your traffic guidance scheme',
      'Briefing for your team on operating modes and the handheld remote',
      '24/7 phone support and breakdown response',
      'Collection at the end of hire',
    ],
    image: serviceImage(
      'portable-traffic-lights',
      'Portable traffic light on a trailer with a red signal showing',
    ),
  },
  {
    slug: 'travel-times',
    name: 'Travel Times - Data Collection',
    title: 'Travel Time and Data Collection Board Hire',
    metaDescription:
      'Hire travel time boards that measure traffic and show drivers live journey times through road works, with speed and volume data. Available in VIC and QLD.',
    summary:
      'Data collection boards that measure traffic and show drivers live travel times to key destinations.',
    intro: [
      'Travel time boards combine a variable message sign with roadside sensors that detect passing vehicles at two or more points along a route. The system calculates how long the journey is currently taking and shows it to drivers, so they can decide whether to continue or take an alternative route before they reach the works.',
      'The same equipment collects traffic data the whole time it runs: journey times, volumes and speeds. Project teams, councils and road authorities use it to measure the effect of works on the network and to report on it. The data is anonymised and can be viewed during the hire or downloaded at the end of it.',
    ],
    uses: [
      'Live travel times through major works zones',
      'Measuring delay before, during and after construction',
      'Supporting alternative route advice during closures',
      'Traffic volume and speed surveys',
      'Monitoring traffic around major events',
      'Evidence for reviewing and adjusting traffic management plans',
    ],
    features: [
      'Live travel times shown on a full-matrix LED display',
      'Roadside sensors that detect vehicles at several points along a route',
      'Anonymised journey time, volume and speed data',
      'Online access to live readings and downloadable reports',
      'Messages that update automatically as conditions change',
      'Solar and battery power for continuous operation',
      'Remote monitoring and status alerts',
    ],
    included: [
      'Advice on sensor locations for your route',
      'Delivery, set-up and calibration',
      'Display programming and online data access for your team',
      'Data export at the end of hire',
      '24/7 phone support and breakdown response',
    ],
    image: serviceImage('travel-times', 'Travel time board showing the travel time to the city in minutes'),
  },
  {
    slug: 'variable-speed-limit-signs',
    name: 'Variable Speed Limit Signs',
    title: 'Variable Speed Limit Sign Hire',
    metaDescription:
      'Hire trailer-mounted variable speed limit signs that change remotely, so work zone limits match site conditions. Delivered and supported 24/7 in VIC and QLD.',
    summary:
      'Electronic speed limit signs that change remotely, so the posted limit always matches conditions on site.',
    intro: [
      'Variable speed limit signs are trailer-mounted electronic signs that display a speed limit inside an illuminated red annulus. Unlike static signs, the displayed limit can be changed remotely or on a schedule, so a reduced limit applies only while it is actually needed.',
      'That matters on work sites. Drivers are more likely to respect a reduced limit when it matches what they can see, and crews get the protection of a lower speed while they are exposed to traffic. When the site is unattended, the normal limit can be restored without anyone walking onto the road to change or cover a sign.',
    ],
    uses: [
      'Reduced speed limits past active work areas',
      'Restoring normal limits when crews leave site overnight',
      'Staged works with a different limit in each stage',
      'Incident management and temporary hazards',
      'Freeway and highway works where conditions change through the day',
    ],
    features: [
      'Bright LED speed display inside an illuminated red annulus',
      'Remote and scheduled changes to the displayed limit',
      'Log of displayed limits and change times for your records',
      'Automatic brightness control for day and night',
      'Flashing amber lanterns for added conspicuity',
      'Solar and battery power for continuous operation',
      'Road-registered trailer with a raising mast',
    ],
    included: [
      'Delivery, set-up and collection',
      'Programming of the limits and schedule in your traffic management plan',
      'Remote limit changes on request',
      '24/7 phone support and breakdown response',
      'Daily, weekly and monthly hire rates',
    ],
    image: serviceImage(
      'variable-speed-limit-signs',
      'Variable speed limit sign on a trailer displaying a 40 km/h limit',
    ),
  },
  {
    slug: 'truck-mounted-attenuators',
    name: 'Truck Mounted Attenuators',
    title: 'Truck Mounted Attenuator (TMA) Hire',
    metaDescription:
      'Hire truck mounted attenuators (TMAs) with an experienced operator or dry hire, to protect crews on high-speed roads. Supplied across VIC and QLD, 24/7.',
    summary:
      'Rigid trucks fitted with a rear crash attenuator to protect workers and road users in high-speed work zones.',
    intro: [
      'A truck mounted attenuator (TMA) is a rigid truck fitted with an energy-absorbing crash cushion at the rear. Positioned behind a work area or a mobile works convoy, it is designed to absorb the impact of an errant vehicle, protecting the crew ahead of it and reducing the severity of the crash for the occupants of the vehicle that hits it.',
      'Our TMAs carry an arrow board and warning lights, so each one is both a physical barrier and a highly visible advance warning. They are available with an experienced operator, or on dry hire to customers whose drivers hold the licence and training your project and road authority require.',
    ],
    uses: [
      'Shadow vehicle for mobile works such as line marking, sweeping and inspections',
      'Protection of lane closures on freeways and highways',
      'Tail vehicle while signs and cones are installed and removed',
      'Incident response on high-speed roads',
      'Bridge, barrier and drainage maintenance',
      'Night works on high-speed roads',
    ],
    features: [
      'Rear-mounted, crash-tested attenuator cushion',
      'Attenuator that folds up for travel and lowers for operation',
      'Truck-mounted arrow board with caution display',
      'LED beacons and high-visibility chevron markings',
      'In-cab controls and reversing camera',
      'UHF radio for communication with the work crew',
      'Inspected and serviced between hires',
    ],
    included: [
      'Experienced operator, or dry hire to suitably licensed and trained drivers',
      'Pre-start inspection and handover',
      'Delivery to your site or depot',
      '24/7 phone support and breakdown response',
      'Shift, daily, weekly and long-term hire',
    ],
    image: serviceImage(
      'truck-mounted-attenuators',
      'Truck mounted attenuator with a striped crash cushion and an arrow board at the rear',
    ),
  },
  {
    slug: 'highway-trucks',
    name: 'Highway Trucks',
    title: 'Highway Traffic Management Truck Hire',
    metaDescription:
      'Hire highway traffic management trucks with light bars, sign racks and cone storage for work on high-speed roads. Available across Victoria and Queensland.',
    summary:
      'Traffic management trucks fitted with light bars, sign racks and cone storage for work on high-speed roads.',
    intro: [
      'Highway trucks are rigid traffic management vehicles set up for installing and removing signs, cones and bollards on freeways, highways and other high-speed roads. They carry everything a crew needs for a full traffic guidance scheme, with the warning lights to keep the vehicle conspicuous while it works on the road.',
      'Each truck is fitted out for traffic management work, with a roof-mounted light bar, rear warning lights, sign racks and secure storage for cones and bollards. They can be hired with or without a driver, and we confirm the licence class needed for each vehicle when you book.',
    ],
    uses: [
      'Installing and removing traffic guidance schemes on high-speed roads',
      'Carrying signs, cones and bollards between sites',
      'Supporting TMA-protected mobile works',
      'Long-term project hire for traffic management companies',
      'Extra fleet for seasonal peaks or emergency works',
    ],
    features: [
      'Roof-mounted LED light bar and amber beacons',
      'Rear directional warning lights',
      'Purpose-built sign racks and cone storage',
      'Chevron rear markings and reflective livery',
      'Work lights for night operations',
      'UHF radio and reversing camera',
      'Regularly serviced and inspected',
    ],
    included: [
      'Driver available on request',
      'Pre-start inspection and handover',
      'Registration and scheduled servicing',
      '24/7 phone support and breakdown response',
      'Short-term and long-term hire rates',
    ],
    image: serviceImage(
      'highway-trucks',
      'Highway traffic management truck with a roof light bar and a load of cones',
    ),
  },
  {
    slug: 'traffic-utes',
    name: 'Traffic Utes',
    title: 'Traffic Ute Hire',
    metaDescription:
      'Hire traffic control utes fitted with beacons, light bars and sign racks for everyday traffic management. Short and long-term hire across VIC and QLD.',
    summary:
      'Traffic control utes fitted with beacons, light bars and sign racks, ready for everyday traffic management.',
    intro: [
      'Traffic utes are the everyday workhorses of traffic management: dual-cab utes fitted out to carry a crew, signs and cones to site, and to sit safely on the road while the crew works. Beacons and a light bar keep the vehicle conspicuous during set-up, pack-up and while it is parked in the work area.',
      'They suit traffic management companies and civil contractors who need extra vehicles for a project, a busy season or while their own fleet is off the road. Our traffic utes can be driven on a standard car licence and are available for short or long-term hire.',
    ],
    uses: [
      'Transporting traffic controllers and equipment to stop/slow sites',
      'Setting out and collecting signs and cones',
      'Council and utility maintenance works',
      'Event traffic management',
      'Back-up vehicles while your own fleet is being serviced',
    ],
    features: [
      'Dual-cab layout to carry a full crew',
      'Roof-mounted LED light bar and amber beacons',
      'Sign racks and cone storage in the tray',
      'Reflective chevron rear markings',
      'Work lights for night operations',
      'Drivable on a standard car licence',
      'Four-wheel-drive options for regional and unsealed sites',
    ],
    included: [
      'Pre-start inspection and handover',
      'Registration and scheduled servicing',
      '24/7 phone support and breakdown response',
      'Replacement vehicle if a ute is off the road through no fault of yours',
      'Weekly and monthly hire rates',
    ],
    image: serviceImage('traffic-utes', 'Dual-cab traffic ute with amber beacons and signs in the tray'),
  },
  {
    slug: 'vms-utes',
    name: 'VMS Utes',
    title: 'VMS Ute Hire and Repairs',
    metaDescription:
      'Hire utes with a roof-mounted VMS display for mobile works and incident response, supported 24/7 across VIC and QLD. We also repair vehicle-mounted VMS.',
    summary:
      'Utes with a roof-mounted VMS display for mobile works, incident response and fast-moving sites.',
    intro: [
      'A VMS ute puts a variable message sign on a vehicle instead of a trailer. The LED display is mounted above the cab and raised once the ute is in position, giving drivers a clear, programmable message wherever the works are, and it moves with the crew.',
      'VMS utes suit mobile works, incident response and short-duration closures where towing and setting up a trailer is impractical. Messages can be changed from the cab or remotely. Our workshop also repairs VMS displays, including vehicle-mounted units, so we can service and maintain the boards in your own fleet too.',
    ],
    uses: [
      'Mobile works such as line marking, pothole repairs and inspections',
      'Incident and emergency response',
      'Short-duration lane and road closures',
      'Advance warning ahead of a TMA or works convoy',
      'Event traffic and parking guidance',
    ],
    features: [
      'Full-matrix amber LED display mounted above the cab',
      'Display raises for use and lowers for travel',
      'Message selection from the cab, plus remote programming',
      'Automatic brightness control for day and night',
      'Roof-mounted light bar and amber beacons',
      'Sign racks and storage in the tray',
      'Drivable on a standard car licence',
    ],
    included: [
      'Message programming to your approved wording',
      'Pre-start inspection and handover, with a briefing on the display controls',
      'Remote message changes on request',
      '24/7 phone support and breakdown response',
      'Repairs and servicing also available for customer-owned VMS units',
    ],
    image: serviceImage('vms-utes', 'Ute with a raised VMS display above the cab reading MERGE LEFT'),
  },
  {
    slug: 'portaboom',
    name: 'Portaboom',
    title: 'Portaboom Portable Boom Gate Hire',
    metaDescription:
      'Hire Portaboom portable boom gates to control traffic at closures and site access points, operated remotely from off the road. Supplied in VIC and QLD.',
    summary:
      'Portable, remotely operated boom gates that control traffic at closures and site entries without a controller on the road.',
    intro: [
      'A Portaboom is a portable boom gate for temporary traffic control. It is set up at a lane closure, road closure or site access point, and its boom arm is raised and lowered by a traffic controller with a remote control, working from a safe position away from the traffic lane.',
      'Each unit combines a boom arm with reflective striping and lights and a signal head that shows drivers when to stop and when to proceed. Used in pairs, Portabooms can manage shuttle flow at each end of a single-lane site, and a single unit gives a physical, clearly visible barrier at a closure or gate.',
    ],
    uses: [
      'Single-lane shuttle flow in place of stop/slow bats',
      'Temporary road closures with controlled access for residents and emergency vehicles',
      'Construction site and haul road access points',
      'Event entries and exits',
      'Night works where controllers need to stand well clear of traffic',
    ],
    features: [
      'Boom arm with reflective striping and lights',
      'Integrated signal head for stop and proceed indications',
      'Wireless remote control for traffic controllers',
      'Solar power with battery back-up',
      'Compact, portable base that sets up quickly',
      'Can be paired for shuttle flow at both ends of a site',
    ],
    included: [
      'Delivery, set-up and collection',
      'Positioning to your traffic guidance scheme',
      'Briefing for your traffic controllers on the remote controls',
      '24/7 phone support and breakdown response',
      'Daily, weekly and monthly hire rates',
    ],
    image: serviceImage('portaboom', 'Portaboom portable boom gate with a striped boom arm across the road'),
  },
]

export const serviceSlugs: ServiceSlug[] = services.map((service) => service.slug)

/** The service with this slug, or `undefined` for an unknown slug. */
export const findService = (slug: string): Service | undefined =>
  services.find((service) => service.slug === slug)
