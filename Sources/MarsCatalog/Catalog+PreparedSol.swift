import RoverAPI

extension Catalog {
  /// One sol's photos made ready to write: each photo's row, its texts made templates, with
  /// only the numbers the file alone knows (its mission's, its address's, its texts') left to
  /// fill in. Made beside the fetching, on any core, so that the one writer of a sync only
  /// looks numbers up and inserts.
  public struct PreparedSol: Sendable {
    /// The sol.
    public let sol: Int
    /// Its photos' rows, in the feed's order.
    let rows: [Row]
    /// How many photos each instrument took, and the camera it is counted under.
    let perInstrument: [String: (camera: String, photos: Int)]

    /// How many photos the sol has.
    public var count: Int { rows.count }

    /// One photo's row.
    struct Row: Sendable {
      /// The written columns' values (``CatalogRow/values(of:mission:address:title:caption:)``),
      /// the numbers of the mission, the address and the texts still to be filled in.
      var values: [SQLiteValue]
      /// The image address, split around the photo's name; `nil` where it is written whole.
      let address: CatalogRow.Address?
      let title: CatalogText.Kept?
      let caption: CatalogText.Kept?
    }

    /// `sol`'s photos made ready.
    public init(_ sol: SolPhotos) {
      self.sol = sol.sol
      var perInstrument: [String: (camera: String, photos: Int)] = [:]
      // The texts whose templates hold no mark but `{sol}`, which then stand for them for
      // every photo of the sol: a sol's photos share a few titles and captions, each made a
      // template once, not once a photo.
      var sameForTheSol: [String: CatalogText.Kept] = [:]
      var rows: [Row] = []
      rows.reserveCapacity(sol.photos.count)
      // Each photo read where it lies: taken out of the array one by one, every one of its
      // strings would be retained and released again.
      sol.photos.withUnsafeBufferPointer { photos in
        for index in photos.indices {
          rows.append(Self.row(of: photos[index], sol: sol.sol, sameForTheSol: &sameForTheSol))
          perInstrument[
            CatalogRow.instrument(of: photos[index]), default: (photos[index].camera.name, 0)
          ].photos += 1
        }
      }
      self.rows = rows
      self.perInstrument = perInstrument
    }

    /// The row of `photo`, listed in `sol`'s answer, its texts made templates (or found among
    /// `sameForTheSol`).
    private static func row(
      of photo: Photo, sol: Int, sameForTheSol: inout [String: CatalogText.Kept]
    ) -> Row {
      let address = CatalogRow.Address(of: photo)
      let fields = CatalogText.Fields(
        sol: photo.sol, dateTaken: photo.details.capture.dateTaken,
        lmst: CatalogRow.secondsOfDay(photo.details.marsClock))
      let ofTheSol = photo.sol == sol
      var marks: [(mark: [UInt8], text: [UInt8])]?
      func kept(_ text: String?) -> CatalogText.Kept? {
        guard let text else { return nil }
        if ofTheSol, let known = sameForTheSol[text] { return known }
        let photoMarks = marks ?? fields.marks
        marks = photoMarks
        let template = CatalogText.template(text, fields, marks: photoMarks)
        let kept = CatalogText.Kept(text: template.text, templated: template.templated)
        if ofTheSol, !template.templated || CatalogText.marksOnlySol(template.text) {
          sameForTheSol[text] = kept
        }
        return kept
      }
      return Row(
        values: CatalogRow.values(
          of: photo, mission: 0, address: address == nil ? nil : 0, title: nil, caption: nil),
        address: address, title: kept(photo.details.title), caption: kept(photo.details.caption))
    }
  }
}
