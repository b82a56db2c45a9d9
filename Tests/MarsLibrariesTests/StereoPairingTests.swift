import Foundation
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// Stereo pairs found by name in recorded sols of the original API.
@Suite struct StereoPairingTests {
  static let realAPI = PackagePaths.fixture("real-api")

  static func photos(_ name: String) throws -> [Photo] {
    let data = try Data(contentsOf: realAPI.appendingPathComponent(name))
    return try JSONBody.decode([Photo].self, from: data, rootKey: "photos")
  }

  @Test func perseveranceSol0HasFifteenPairs() throws {
    let pairs = StereoPairing.pairs(in: try Self.photos("photos_perseverance_sol0_all54.json"))
    #expect(pairs.count == 15)
    for pair in pairs {
      #expect(pair.left.nasaID.dropFirst(2) == pair.right.nasaID.dropFirst(2))
      #expect(pair.left.nasaID.prefix(2).last == "L" && pair.right.nasaID.prefix(2).last == "R")
      #expect(pair.left.sol == 0 && pair.right.sol == 0)
    }
    #expect(
      pairs.first.map { [$0.left.nasaID, $0.right.nasaID] } == [
        "FLG_0000_0666958226_808ECM_N0010052AUT_04096_00_2I3J02",
        "FRG_0000_0666958226_808ECM_N0010052AUT_04096_00_2I3J02",
      ])
    // Every frame is in one pair at most; FLB_0000_0666952990 has no right partner.
    let frames = pairs.flatMap { [$0.left.nasaID, $0.right.nasaID] }
    #expect(Set(frames).count == 30)
    #expect(!frames.contains("FLB_0000_0666952990_226ECM_N0010044AUT_04096_00_2I3J01"))
  }

  @Test func curiositySol1000HasFiveEngineeringPairsAndMastcamOnlyWhenAsked() throws {
    let photos = try Self.photos("photos_curiosity_sol1000_all856.json")
    let pairs = StereoPairing.pairs(in: photos)
    #expect(
      Set(pairs.map { "\($0.left.nasaID) \($0.right.nasaID) \($0.camera)" }) == [
        "FLB_486265257EDR_F0481570FHAZ00323M_ FRB_486265257EDR_F0481570FHAZ00323M_ FHAZ",
        "RLB_486265291EDR_F0481570RHAZ00323M_ RRB_486265291EDR_F0481570RHAZ00323M_ RHAZ",
        "NLB_486272784EDR_F0481570NCAM00415M_ NRB_486272784EDR_F0481570NCAM00415M_ NAVCAM",
        "NLB_486271176EDR_F0481570NCAM00322M_ NRB_486271176EDR_F0481570NCAM00322M_ NAVCAM",
        "NLB_486270860EDR_F0481570NCAM00323M_ NRB_486270860EDR_F0481570NCAM00323M_ NAVCAM",
      ])
    #expect(!pairs.contains { $0.needsScaling })
    // ChemCam's CR0_ frames carry an R that is no eye.
    #expect(!pairs.contains { $0.camera == "CHEMCAM" })
    let mast = StereoPairing.pairs(in: photos, mastcam: true).filter { $0.camera == "MAST" }
    // Each product of a frame (E the image, I and C its smaller kinds) pairs with its own.
    #expect(mast.count == 394)
    #expect(mast.allSatisfy { $0.needsScaling })
    let first = try #require(
      mast.first { $0.left.nasaID == "1000ML0044630000405097E01_DXXX" })
    #expect(first.right.nasaID == "1000MR0044630000503560E01_DXXX")
  }

  @Test func spiritPairsThroughTheEyeOfItsNamesAndTheSameFilter() throws {
    let photos = try Self.photos("photos_spirit_sol1_all77.json")
    let pairs = StereoPairing.pairs(in: photos)
    #expect(pairs.count == 32)
    let first = try #require(pairs.first)
    #expect(first.left.nasaID == "2F126468064EDN0000P1001L0M1-BR")
    #expect(first.right.nasaID == "2F126468064EDN0000P1001R0M1-BR")
    for pair in pairs {
      let left = Array(pair.left.nasaID)
      let right = Array(pair.right.nasaID)
      #expect(left[23] == "L" && right[23] == "R" && left[24] == right[24])
    }
  }

  @Test func aFrameWithoutItsPartnerOrOnAnotherSolIsNoPair() {
    func photo(_ name: String, sol: Int) -> Photo {
      Photo(
        id: nil, sol: sol, earthDate: "2021-02-18",
        imgSrc: "https://example.org/\(name)_1200.jpg",
        camera: Camera(name: "NAVCAM_LEFT", roverID: 8, fullName: ""),
        rover: RoverReference(id: 8, name: "Perseverance"))
    }
    let photos = [
      photo("NLF_0100_0675000000_000ECM_N0000000NCAM00000_01_195J01", sol: 100),
      photo("NRF_0100_0675000000_000ECM_N0000000NCAM00000_01_195J01", sol: 101),
      photo("ZL0_0100_0675000001_000ECM_N0000000ZCAM00000_1100LMJ01", sol: 100),
    ]
    #expect(StereoPairing.pairs(in: photos).isEmpty)
    #expect(StereoPairing.partnered(in: photos).isEmpty)
  }
}
